/**
 * The product a screen reviews: `<ProductProvider product="car">` around a route gives its screens the product's
 * config and engine through `useProduct()` / `useEngine()`. Screens never import an engine instance themselves.
 */
import { createContext, useContext, useMemo, type ComponentType, type ReactNode } from 'react';
import type { ReviewEngine } from '../engine/model.ts';
import { getProduct, type Product } from './registry.ts';

const ProductContext = createContext<Product | null>(null);

export function ProductProvider({ product, children }: { product: string; children: ReactNode }) {
  const value = useMemo(() => getProduct(product), [product]);
  return <ProductContext.Provider value={value}>{children}</ProductContext.Provider>;
}

/** `Screen` inside a ProductProvider of `product` (the route table's product screens). */
export function withProduct<P extends object>(product: string, Screen: ComponentType<P>): ComponentType<P> {
  function ProductScreen(props: P) {
    return (
      <ProductProvider product={product}>
        <Screen {...props} />
      </ProductProvider>
    );
  }
  ProductScreen.displayName = `withProduct(${product})`;
  return ProductScreen;
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
