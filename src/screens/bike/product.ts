/**
 * The bike review product: its config files from src/config/bike, merged and built once, and its engine.
 * (Checked against the JSON Schema by the config tests; the browser only runs the engine's semantic build.)
 */
import constants from '../../config/bike/constants.json';
import documents from '../../config/bike/documents.json';
import insurance from '../../config/bike/insurance.json';
import media from '../../config/bike/media.json';
import outcomes from '../../config/bike/outcomes.json';
import product from '../../config/bike/product.json';
import rc from '../../config/bike/rc.json';
import validations from '../../config/bike/validations.json';
import { buildConfig, mergeConfigFiles, type ReviewConfigFile } from '../../engine/config.ts';
import { createEngine } from '../../engine/model.ts';

export const bikeConfig = buildConfig(mergeConfigFiles([constants, rc, insurance, media, documents, validations, outcomes] as ReviewConfigFile[]));
export const bikeEngine = createEngine(bikeConfig);
/** Tabs of the bike review in display order (spec 001 §2 'Sections'). */
export const BIKE_TABS: readonly string[] = product.product.tabs;
