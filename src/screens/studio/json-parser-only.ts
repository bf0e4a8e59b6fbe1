/**
 * The config studio's stand-in for codemirror-json-schema's `parsers` index (vite.config.ts swaps it in): the
 * studio edits JSON only, and the index also bundles the JSON5 and YAML parsers (json5, yaml: ~220 KB raw).
 */
import { parseJSONDocumentState } from 'codemirror-json-schema';

export const getDefaultParser = () => parseJSONDocumentState;
