/** The bike review product (spec 001): its config files from src/config/bike, in merge order. */
import product from '../config/bike/product.json' with { type: 'json' };
import cases from '../config/bike/cases.json' with { type: 'json' };
import constants from '../config/bike/constants.json' with { type: 'json' };
import documents from '../config/bike/documents.json' with { type: 'json' };
import insurance from '../config/bike/insurance.json' with { type: 'json' };
import media from '../config/bike/media.json' with { type: 'json' };
import outcomes from '../config/bike/outcomes.json' with { type: 'json' };
import rc from '../config/bike/rc.json' with { type: 'json' };
import validations from '../config/bike/validations.json' with { type: 'json' };
import schema from '../config/bike/schema.json' with { type: 'json' };
import type { ProductDefinition } from './definition.ts';

export const bike: ProductDefinition = {
  kind: 'review',
  id: 'bike',
  folder: 'bike',
  schema,
  files: {
    'product.json': product,
    'cases.json': cases,
    'constants.json': constants,
    'documents.json': documents,
    'insurance.json': insurance,
    'media.json': media,
    'outcomes.json': outcomes,
    'rc.json': rc,
    'validations.json': validations,
  },
};
