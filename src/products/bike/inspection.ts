/**
 * The bike inspection as the bikes API answers it (spec 001 §3 'Bike detail'): a recorded field and an image or
 * video. Shared by the client (src/api/bike.ts) and the server that stores and serves it (server/repos/bikes.ts).
 */

export interface BikeField {
  title: string;
  value: string | string[] | number | null;
  id?: string | number | null;
  rejected?: boolean;
  inspectorValue?: string | string[] | number | null;
  subParts?: Record<string, BikeField>;
}

export interface BikeMedia {
  hashKey: string;
  type: 'rcImage' | 'insuranceImage' | 'mainImage' | 'defectImages';
  mediaType: 'image' | 'video';
  uri: string;
  title: string;
  rejected?: boolean;
}
