/** `<ProductProvider product="car">`: the seed product of an id (the JSON in src/config), for stories, tests and benches. */
import { useMemo, type ReactNode } from 'react';
import { ProductValueProvider } from './ProductContext.tsx';
import { seedProduct } from './registry.ts';

export function ProductProvider({ product, children }: { product: string; children: ReactNode }) {
  const value = useMemo(() => seedProduct(product), [product]);
  return <ProductValueProvider value={value}>{children}</ProductValueProvider>;
}
