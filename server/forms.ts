import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import type { FastifyRequest } from 'fastify';
import { badRequest, HttpError } from './errors.ts';
import { plainSchemaFailure, titlesOf } from '../src/engine/validation-text.ts';
import { checkRequestData, DEFAULT_MAX_DEPTH, RESERVED_KEYS, setOwn } from './safe-input.ts';
import { stripUploadSignatures } from './upload-url.ts';

/** A file part of a multipart form, read into memory (the app caps files at 10 MB). */
export interface FormFile {
  field: string;
  filename: string;
  mimetype: string;
  data: Buffer;
}

export interface Form {
  fields: Record<string, string>;
  file: FormFile | null;
}

/**
 * Reads a multipart form (spec 000 §7 `v2/rejection-remark`, `v2/image`): text fields and at most one file.
 * Multipart bodies bypass the route's JSON body schema, so `validateForm` checks the fields afterwards.
 */
export async function readForm(request: FastifyRequest): Promise<Form> {
  const { fields, files } = await readFilesForm(request, 1);
  return { fields, file: files.values().next().value ?? null };
}

/**
 * A multipart form's text fields and up to `maxFiles` files (the app-wide limit is one), keyed by field. Field names come from the request: the
 * fields are a null-prototype object and reserved names are refused, here and by the parser (which refuses any name
 * Object.prototype has). A body that cannot be read is refused in plain words; the parser's own text goes to the log.
 */
export async function readFilesForm(request: FastifyRequest, maxFiles: number): Promise<{ fields: Record<string, string>; files: Map<string, FormFile> }> {
  if (!request.isMultipart()) throw badRequest('Expected a multipart/form-data body');
  const fields: Record<string, string> = Object.create(null);
  const files = new Map<string, FormFile>();
  const tooMany = maxFiles === 1 ? 'Only one file may be sent' : `At most ${maxFiles} files may be sent`;
  try {
    for await (const part of request.parts({ limits: { files: maxFiles } })) {
      if (RESERVED_KEYS.has(part.fieldname) || part.fieldname.includes('\u0000')) throw badRequest(`The form field name ${JSON.stringify(part.fieldname)} is not allowed`);
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (files.has(part.fieldname)) throw badRequest(maxFiles === 1 ? tooMany : `Only one ${part.fieldname} file may be sent`);
        files.set(part.fieldname, { field: part.fieldname, filename: part.filename, mimetype: part.mimetype, data });
      } else {
        const value = typeof part.value === 'string' ? part.value : String(part.value ?? '');
        checkRequestData(value, DEFAULT_MAX_DEPTH, part.fieldname);
        // An upload URL the client was given (oldImageUrl) goes back bare, as for JSON bodies (app.ts).
        setOwn(fields, part.fieldname, stripUploadSignatures(value));
      }
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, 'Payload Too Large', 'The file is larger than 10 MB');
    if (code === 'FST_FILES_LIMIT') throw badRequest(tooMany);
    request.log.warn({ err: error }, 'multipart body refused');
    throw badRequest(MULTIPART_REFUSALS.get(code ?? '') ?? 'The form could not be read: it is incomplete or malformed.');
  }
  return { fields, files };
}

/** The parser's refusals in plain words (its own text names its internals: 'prototype property is not allowed as field name'). */
const MULTIPART_REFUSALS: ReadonlyMap<string, string> = new Map([
  ['FST_PROTO_VIOLATION', 'The form has a field with a name that is not allowed (a built-in name such as __proto__ or constructor).'],
  ['FST_INVALID_JSON_FIELD_ERROR', 'A form field sent as JSON is not valid JSON.'],
  ['FST_PARTS_LIMIT', 'The form has too many fields.'],
  ['FST_FIELDS_LIMIT', 'The form has too many fields.'],
]);

const ajv = new Ajv({ allErrors: false, coerceTypes: true, useDefaults: true, removeAdditional: false });
const compiled = new WeakMap<object, ValidateFunction>();

/**
 * Checks form fields against a JSON Schema (numbers and booleans coerced from text, as Fastify does for
 * query strings); a failure is a 400 naming the field in words (src/engine/validation-text.ts). Empty text fields count as absent.
 */
export function validateForm<T>(schema: object, fields: Record<string, string>): T {
  let validate = compiled.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    compiled.set(schema, validate);
  }
  const data: Record<string, unknown> = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== ''));
  if (!validate(data)) {
    const error = validate.errors?.[0];
    // Named as the form names it ('Video Message is too long…'), where its schema gives a title.
    throw badRequest(error ? plainSchemaFailure(error, titlesOf(schema)) : 'The form is not valid.');
  }
  return data as T;
}

/** What a file's first bytes say it is; the client's declared type is not trusted. */
export function sniffImage(data: Buffer): { ext: string; mime: string } | null {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return { ext: 'jpg', mime: 'image/jpeg' };
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return { ext: 'png', mime: 'image/png' };
  if (data.length >= 12 && data.toString('latin1', 0, 4) === 'RIFF' && data.toString('latin1', 8, 12) === 'WEBP') return { ext: 'webp', mime: 'image/webp' };
  if (data.length >= 6 && /^GIF8[79]a$/.test(data.toString('latin1', 0, 6))) return { ext: 'gif', mime: 'image/gif' };
  return null;
}

export function sniffAudio(data: Buffer): { ext: string; mime: string } | null {
  if (data.length >= 4 && data.readUInt32BE(0) === 0x1a45dfa3) return { ext: 'webm', mime: 'audio/webm' };
  if (data.length >= 4 && data.toString('latin1', 0, 4) === 'OggS') return { ext: 'ogg', mime: 'audio/ogg' };
  if (data.length >= 12 && data.toString('latin1', 0, 4) === 'RIFF' && data.toString('latin1', 8, 12) === 'WAVE') return { ext: 'wav', mime: 'audio/wav' };
  if (data.length >= 3 && (data.toString('latin1', 0, 3) === 'ID3' || (data[0] === 0xff && (data[1] & 0xe0) === 0xe0))) return { ext: 'mp3', mime: 'audio/mpeg' };
  if (data.length >= 8 && data.toString('latin1', 4, 8) === 'ftyp') return { ext: 'm4a', mime: 'audio/mp4' };
  return null;
}

/** A CSV upload's text: a file must be there, and be text (no NUL bytes, valid UTF-8). */
export function csvText(file: FormFile | null, field: string): string {
  if (!file || file.field !== field || !file.data.length) throw badRequest('Please select csv file to upload');
  const text = file.data.toString('utf8');
  if (file.data.includes(0) || text.includes('\uFFFD')) throw badRequest('The file is not a CSV text file');
  return text;
}

/** What a video file's first bytes say it is (MP4/MOV, WebM/Matroska, Ogg); the declared type is not trusted. */
export function sniffVideo(data: Buffer): { ext: string; mime: string } | null {
  if (data.length >= 12 && data.toString('latin1', 4, 8) === 'ftyp') return data.toString('latin1', 8, 10) === 'qt' ? { ext: 'mov', mime: 'video/quicktime' } : { ext: 'mp4', mime: 'video/mp4' };
  if (data.length >= 4 && data.readUInt32BE(0) === 0x1a45dfa3) return { ext: 'webm', mime: 'video/webm' };
  if (data.length >= 4 && data.toString('latin1', 0, 4) === 'OggS') return { ext: 'ogg', mime: 'video/ogg' };
  return null;
}

/** A path segment safe to use in a file name (appointment ids, hash keys). */
export const safeSegment = (text: string) => text.replace(/[^A-Za-z0-9_-]+/g, '_').slice(0, 80) || 'x';

/**
 * Writes `data` under `uploadsDir/relDir` with a fresh random name and answers its public `/uploads/…` url
 * and a function that removes it again (when the database change that refers to it fails).
 */
export function storeUpload(uploadsDir: string, relDir: string, stem: string, ext: string, data: Buffer): { url: string; remove: () => void } {
  const root = resolve(uploadsDir);
  const file = resolve(root, relDir, `${safeSegment(stem)}-${Date.now()}-${randomBytes(4).toString('hex')}.${ext}`);
  if (!file.startsWith(root + sep)) throw badRequest('Invalid upload path');
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, data);
  return { url: `/uploads/${relative(root, file).split(sep).join('/')}`, remove: () => rmSync(file, { force: true }) };
}

export const uploadPath = (uploadsDir: string, url: string) => join(resolve(uploadsDir), stripUploadSignatures(url).replace(/^\/uploads\//, ''));
