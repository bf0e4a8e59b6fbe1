/**
 * The product a screen reviews: `<ProductProvider product="car">` around a route gives its screens the product's
 * config and engine through `useProduct()` / `useEngine()`. Screens never import an engine instance themselves.
 */
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { ReviewEngine } from '../engine/model.ts';
import { seedProduct, type AnyProduct, type Product, type RulesProduct } from './registry.ts';

const ProductContext = createContext<AnyProduct | null>(null);

export function ProductProvider({ product, children }: { product: string; children: ReactNode }) {
  const value = useMemo(() => seedProduct(product), [product]);
  return <ProductContext.Provider value={value}>{children}</ProductContext.Provider>;
}

/**
 * Gives the screens below a product built elsewhere: the config version a review route loaded from the server
 * (src/app/ActiveProduct.tsx), or the studio's preview of an edited config.
 */
export function ProductValueProvider({ value, children }: { value: AnyProduct; children: ReactNode }) {
  return <ProductContext.Provider value={value}>{children}</ProductContext.Provider>;
}

function useAnyProduct(): AnyProduct {
  const product = useContext(ProductContext);
  if (!product) throw new Error('useProduct: no <ProductProvider> above this component');
  return product;
}

/** The review product of the enclosing ProductProvider; throws outside one (a screen without its route's provider is a bug). */
export function useProduct(): Product {
  const product = useAnyProduct();
  if (!('engine' in product)) throw new Error(`useProduct: '${product.id}' is a rules product; use useRulesProduct`);
  return product;
}

/**
 * The rules product (refurbishment, GS unflagging) of the enclosing provider: the config version its route loaded
 * (src/app/ActiveProduct.tsx), typed by the caller as its product's config.
 */
export function useRulesProduct<C>(): RulesProduct<C> {
  const product = useAnyProduct();
  if ('engine' in product) throw new Error(`useRulesProduct: '${product.id}' is a row-based review; use useProduct`);
  return product as RulesProduct<C>;
}

/** The engine of the enclosing product. */
export function useEngine(): ReviewEngine {
  return useProduct().engine;
}
