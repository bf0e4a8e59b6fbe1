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
import type { ProductDefinition } from '../products/definition.ts';
import { productFromVersion, seedOf, type AnyProduct } from '../products/product.ts';
import { Loading } from '../components/Loading.tsx';

const built = new Map<string, AnyProduct>();

/** The product of an active config version answer (built once per version); the JSON in src/config when there is none or it does not build. */
function productOf(definition: ProductDefinition, { id, config }: ActiveReviewConfig): AnyProduct {
  try {
    if (id === null) return seedOf(definition);
    const key = `${definition.id}:${id}`;
    let hit = built.get(key);
    if (!hit) {
      hit = productFromVersion(definition, config, id);
      built.set(key, hit);
    }
    markLoad(`${definition.id} product built`);
    return hit;
  } catch {
    // The JSON in src/config is the fallback: a review still opens when a stored version no longer builds.
    return seedOf(definition);
  }
}

/** The product of the active version the server names; the JSON in src/config when the call fails. */
const activeProduct = (definition: ProductDefinition): Promise<AnyProduct> =>
  loadProductConfig(definition.id).then(
    (answer) => productOf(definition, answer),
    () => seedOf(definition),
  );

function ActiveProductProvider({ definition, children }: { definition: ProductDefinition; children: ReactNode }) {
  // The answer is usually in by the first render (the route's preload at navigation): the screen renders at once.
  const [value, setValue] = useState<AnyProduct | null>(() => {
    const answer = productConfigNow(definition.id);
    return answer && productOf(definition, answer);
  });
  useEffect(() => {
    if (value) return;
    let live = true;
    void activeProduct(definition).then((p) => live && setValue(p));
    return () => {
      live = false;
    };
  }, [definition, value]);
  if (!value) {
    return (
      <main className="page">
        <Loading />
      </main>
    );
  }
  return <ProductValueProvider value={value}>{children}</ProductValueProvider>;
}

/**
 * `Screen` on the active config version of the product `definition` declares (the route table's product screens,
 * which import only their own product's definition).
 */
export function withActiveProduct<P extends object>(definition: ProductDefinition, Screen: ComponentType<P>): ComponentType<P> {
  function ProductScreen(props: P) {
    const { pathname } = useLocation();
    return (
      <ActiveProductProvider key={pathname} definition={definition}>
        <Screen {...props} />
      </ActiveProductProvider>
    );
  }
  ProductScreen.displayName = `withActiveProduct(${definition.id})`;
  return ProductScreen;
}
