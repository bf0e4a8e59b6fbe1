/** The API hosts' bases from the build's environment (DESIGN.md), each ending in '/' so relative spec paths append to it. */
const withSlash = (base: string) => (base.endsWith('/') ? base : `${base}/`);

export const MAIN_API_BASE = withSlash(import.meta.env.VITE_API_BASE ?? '/api/');
export const BIKE_API_BASE = withSlash(import.meta.env.VITE_BIKE_API_BASE ?? '/bike-api/');
export const DOCS_API_BASE = withSlash(import.meta.env.VITE_DOCS_API_BASE ?? '/docs-api/');
