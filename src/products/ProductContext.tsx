/**
 * The product a screen reviews: a provider around a route gives its screens the product's config and engine through
 * `useProduct()` / `useEngine()`. Screens never import an engine instance themselves. This module imports no
 * product's definition (src/products/ProductProvider.tsx gives the seed of one by id, for stories and tests).
 */
import { createContext, useContext, type ReactNode } from 'react';
import type { ReviewEngine } from '../engine/model.ts';
import type { AnyProduct, Product, RulesProduct } from './product.ts';

const ProductContext = createContext<AnyProduct | null>(null);

/**
 * Gives the screens below a product built elsewhere: the config version a review route loaded from the server
 * (src/app/ActiveProduct.tsx), the studio's preview of an edited config, or a seed (ProductProvider.tsx).
 */
export function ProductValueProvider({ value, children }: { value: AnyProduct; children: ReactNode }) {
  return <ProductContext.Provider value={value}>{children}</ProductContext.Provider>;
}

function useAnyProduct(): AnyProduct {
  const product = useContext(ProductContext);
  if (!product) throw new Error('useProduct: no product provider above this component');
  return product;
}

/** The review product of the enclosing provider; throws outside one (a screen without its route's provider is a bug). */
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
