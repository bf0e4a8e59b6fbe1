/**
 * A variant parameter of the car variant catalogue as the API answers it (spec 002 §4 'Parameter form'): shared by
 * the client (src/api/variants.ts) and the server that stores it (server/repos/variants.ts, server/services/variants.ts).
 */

export type ParameterType = 'dropDown' | 'yes/no' | 'image';

export interface VariantParameter {
  _id: string;
  name: string;
  type: ParameterType;
  value: string[];
  image: { name: string; url: string }[];
  status: 'Active' | 'Inactive';
}
