/**
 * A product screen on the product's active config version (issue 17: "the panel uses the active version from the
 * database; an open review keeps the version it started with"). The version is loaded when the route's path is
 * opened and kept while it stays open; opening another path (another review) loads the then active version.
 * Each version is built once per page (engine and semantic checks), and the server's ETag makes re-loading a 304.
 */
import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { markLoad } from '../api/load-marks.ts';
import { loadProductConfig, productConfigNow } from '../api/review-load.ts';
import type { ActiveReviewConfig } from '../api/review-config.ts';
import { ProductValueProvider } from '../products/ProductContext.tsx';
import { productFromVersion, seedProduct, type AnyProduct } from '../products/registry.ts';
import { Loading } from '../components/Loading.tsx';

const built = new Map<string, AnyProduct>();

/** The product of an active config version answer (built once per version); the JSON in src/config when there is none or it does not build. */
function productOf(product: string, { id, config }: ActiveReviewConfig): AnyProduct {
  try {
    if (id === null) return seedProduct(product);
    const key = `${product}:${id}`;
    let hit = built.get(key);
    if (!hit) {
      hit = productFromVersion(product, config, id);
      built.set(key, hit);
    }
    markLoad(`${product} product built`);
    return hit;
  } catch {
    // The JSON in src/config is the fallback: a review still opens when a stored version no longer builds.
    return seedProduct(product);
  }
}

/** The product of the active version the server names; the JSON in src/config when the call fails. */
const activeProduct = (product: string): Promise<AnyProduct> =>
  loadProductConfig(product).then(
    (answer) => productOf(product, answer),
    () => seedProduct(product),
  );

function ActiveProductProvider({ product, children }: { product: string; children: ReactNode }) {
  // The answer is usually in by the first render (the route's preload at navigation): the screen renders at once.
  const [value, setValue] = useState<AnyProduct | null>(() => {
    const answer = productConfigNow(product);
    return answer && productOf(product, answer);
  });
  useEffect(() => {
    if (value) return;
    let live = true;
    void activeProduct(product).then((p) => live && setValue(p));
    return () => {
      live = false;
    };
  }, [product, value]);
  if (!value) {
    return (
      <main className="page">
        <Loading />
      </main>
    );
  }
  return <ProductValueProvider value={value}>{children}</ProductValueProvider>;
}

/** `Screen` on `product`'s active config version (the route table's product screens). */
export function withActiveProduct<P extends object>(product: string, Screen: ComponentType<P>): ComponentType<P> {
  function ProductScreen(props: P) {
    const { pathname } = useLocation();
    return (
      <ActiveProductProvider key={pathname} product={product}>
        <Screen {...props} />
      </ActiveProductProvider>
    );
  }
  ProductScreen.displayName = `withActiveProduct(${product})`;
  return ProductScreen;
}
