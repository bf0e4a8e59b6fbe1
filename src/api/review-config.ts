/**
 * The config a newly opened review runs (issue 17): the product's active version from the database, or the JSON in
 * src/config (id null). The server answers with the version as ETag and `no-cache`, so the browser keeps the
 * document and re-opening a review costs a 304.
 */
import { mainHttp } from './main.ts';

export interface ActiveReviewConfig {
  /** The config version's id; null while the JSON in src/config is active. */
  id: number | null;
  config: unknown;
}

export async function fetchReviewConfig(product: string): Promise<ActiveReviewConfig> {
  return (await mainHttp.get<{ detail: ActiveReviewConfig }>(`v2/review-config/${encodeURIComponent(product)}`)).data.detail;
}
