/**
 * The product a screen reviews: `<ProductProvider product="car">` around a route gives its screens the product's
 * config and engine through `useProduct()` / `useEngine()`. Screens never import an engine instance themselves.
 */
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { ReviewEngine } from '../engine/model.ts';
import { getProduct, type Product } from './registry.ts';

const ProductContext = createContext<Product | null>(null);

export function ProductProvider({ product, children }: { product: string; children: ReactNode }) {
  const value = useMemo(() => getProduct(product), [product]);
  return <ProductContext.Provider value={value}>{children}</ProductContext.Provider>;
}

/**
 * Gives the screens below a product built elsewhere: the config version a review route loaded from the server
 * (src/app/ActiveProduct.tsx), or the studio's preview of an edited config.
 */
export function ProductValueProvider({ value, children }: { value: Product; children: ReactNode }) {
  return <ProductContext.Provider value={value}>{children}</ProductContext.Provider>;
}

/** The product of the enclosing ProductProvider; throws outside one (a screen without its route's provider is a bug). */
export function useProduct(): Product {
  const product = useContext(ProductContext);
  if (!product) throw new Error('useProduct: no <ProductProvider> above this component');
  return product;
}

/** The engine of the enclosing product. */
export function useEngine(): ReviewEngine {
  return useProduct().engine;
}
