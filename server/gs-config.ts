import unflagJson from '../src/config/gs-unflagging/unflag.json' with { type: 'json' };
import { loadUnflagConfig } from '../src/products/gs-unflagging/unflag-config.ts';

/** The GS unflagging rules the page runs, checked against their schema when the server starts. */
export const UNFLAG_CONFIG = loadUnflagConfig(unflagJson);
