/**
 * The car review product (spec 000): its config files from src/config/car, in merge order. Adding a product is a
 * file like this one, a config folder, and an entry in registry.ts.
 */
import product from '../config/car/product.json' with { type: 'json' };
import constants from '../config/car/constants.json' with { type: 'json' };
import documents from '../config/car/documents.json' with { type: 'json' };
import exterior from '../config/car/exterior.json' with { type: 'json' };
import interior from '../config/car/interior.json' with { type: 'json' };
import summary from '../config/car/summary.json' with { type: 'json' };
import validations from '../config/car/validations.json' with { type: 'json' };
import registry from '../config/car/registry.json' with { type: 'json' };
import cases from '../config/car/cases.json' with { type: 'json' };
import outcomes from '../config/car/outcomes.json' with { type: 'json' };
import schema from '../config/car/schema.json' with { type: 'json' };
import type { ProductDefinition } from './definition.ts';

export const car: ProductDefinition = {
  kind: 'review',
  id: 'car',
  folder: 'car',
  schema,
  files: {
    'product.json': product,
    'constants.json': constants,
    'documents.json': documents,
    'exterior.json': exterior,
    'interior.json': interior,
    'summary.json': summary,
    'validations.json': validations,
    'registry.json': registry,
    'cases.json': cases,
    'outcomes.json': outcomes,
  },
};
