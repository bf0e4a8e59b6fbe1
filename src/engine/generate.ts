/**
 * Builds an inspection straight from a config: every row's field at its path with a plausible value. Used by
 * config cases (`given`), tests and the benchmark, so they always cover every row the config has.
 */
import type { ReviewConfig, RowConfig } from './config.ts';
import type { FieldValue, InspectionDocument, InspectionField, InspectionImage, SectionKey } from './inspection.ts';

export interface GenerateOptions {
  /** Recorded values by row key (override the generated ones). */
  values?: Record<string, unknown>;
  /** commentFlag by row key (default 1: editable). */
  commentFlags?: Record<string, number>;
  /** Images by image-row key (default: one per title of the row's image order, or three). */
  images?: Record<string, unknown[]>;
  /** Top-level inspection fields (version, workflowId, tenant, qcAudit, vahanData …). */
  inspection?: Record<string, unknown>;
}

function sampleValue(row: RowConfig, config: ReviewConfig): FieldValue {
  if (row.kind === 'comments') return ['Minor scratches on rear bumper'];
  const input = row.input;
  const opts = input?.options;
  const list = Array.isArray(opts) ? opts : opts && 'ref' in opts ? config.constants.options[opts.ref] : undefined;
  switch (input?.type) {
    case 'select':
      if (opts && 'generate' in opts) return opts.generate === 'years' ? '2018' : opts.generate === 'months' ? 'January' : '1';
      return list?.[0] ?? `${row.text} 1`;
    case 'multiselect':
      return list?.length ? [list[0]] : [];
    case 'numeric':
      return row.key === 'noClaimBonusPercentage' ? '20' : '45000';
    case 'date':
      return '15-06-2030';
    case 'text':
      return row.key === 'registrationNumber' ? 'MH01AB1234' : `${row.text.slice(0, 20).toUpperCase()}`;
    case 'readonly':
    case 'audio':
    case undefined:
      return `${row.text}`;
  }
}

function imagesFor(row: RowConfig, config: ReviewConfig): InspectionImage[] {
  const titles = row.images?.order ? config.constants.imageOrders[row.images.order] : ['Image 1', 'Image 2', 'Image 3'];
  return titles.map((title, i) => ({
    hashKey: `${row.key}${i}`,
    title,
    url: `https://img.example/${row.key}/${i}.jpg`,
    isVerified: i % 2 === 0,
  }));
}

/**
 * A full inspection for `config`; nested sub-parts are created along each row's path. Its header is the product's
 * sample (`product.sampleInspection`) under `opts.inspection`. `T`: the product's inspection type, which that sample
 * makes (the car's InspectionDetail).
 */
export function generateInspection<T extends InspectionDocument = InspectionDocument>(config: ReviewConfig, opts: GenerateOptions = {}): T {
  const data: Partial<Record<SectionKey, Record<string, InspectionField>>> = {};
  const at = (row: RowConfig): InspectionField => {
    const section = (data[row.section] ??= {});
    let field = (section[row.path[0]] ??= { title: row.path[0], value: null, commentFlag: 1 });
    for (const p of row.path.slice(1)) {
      const subs = (field.subParts ??= {});
      field = subs[p] ??= { title: p, value: null, commentFlag: 1 };
    }
    return field;
  };
  for (const row of config.rows) {
    const field = at(row);
    if ((row.kind ?? 'field') === 'image') {
      const given = opts.images?.[row.key] as InspectionImage[] | undefined;
      const images = given ?? imagesFor(row, config);
      if (row.images?.source === 'images') field.images = images;
      else if (row.images?.source === 'image') field.image = images[0];
      else field.additionalInfo = { ...field.additionalInfo, image: images[0] };
      continue;
    }
    field.title = row.text;
    field.value = (opts.values && row.key in opts.values ? opts.values[row.key] : sampleValue(row, config)) as FieldValue;
    field.commentFlag = opts.commentFlags?.[row.key] ?? 1;
  }
  const document: InspectionDocument = {
    version: 0,
    tenant: null,
    workflowId: null,
    qcAudit: 0,
    ...structuredClone(config.product.sampleInspection),
    ...opts.inspection,
    inspectionData: data,
  };
  return document as T;
}
