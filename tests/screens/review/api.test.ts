// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { InternalAxiosRequestConfig } from 'axios';
import { mainHttp } from '../../../src/api/main.ts';
import { docsHttp, approveDocument, fetchCustomerDocuments } from '../../../src/api/docs.ts';
import {
  fetchAppConfig,
  fetchComments,
  fetchLookup,
  fetchRegistry,
  fetchRemarks,
  fetchVariants,
  saveRemark,
  sendRiMail,
  setReviewStartTime,
  uploadImage,
} from '../../../src/api/review.ts';
import { fakeAdapter, signInAs } from '../../support/fake-http.ts';

let seen: InternalAxiosRequestConfig[];
const answer = (data: unknown) => () => ({ status: 200, data });

beforeEach(() => {
  signInAs('qc');
  seen = [];
});
afterEach(() => localStorage.clear());

const form = (c: InternalAxiosRequestConfig) => Object.fromEntries([...(c.data as FormData).entries()].map(([k, v]) => [k, typeof v === 'string' ? v : `file:${(v as File).name}`]));

describe('review calls to the main host (spec 000 §7)', () => {
  it('set-review-start-time, vahan and variant-year go to their paths with bearer and utm_source', async () => {
    mainHttp.defaults.adapter = fakeAdapter(answer({ detail: [] }), seen);
    await setReviewStartTime(77);
    await fetchRegistry('APT 1');
    await fetchVariants(10, 'Petrol');
    expect(seen.map((c) => [c.method, c.url])).toEqual([
      ['post', 'v2/set-review-start-time'],
      ['get', 'vahan/APT%201'],
      ['get', 'variant-year'],
    ]);
    expect(seen[2].params).toEqual({ modelId: 10, fuelType: 'Petrol', utm_source: 'qc' });
    expect(seen[0].headers.Authorization).toBe('Bearer t');
  });

  it('rejection remarks: GET by row, POST as a multipart form, audio as a file', async () => {
    mainHttp.defaults.adapter = fakeAdapter(answer({ detail: [{ id: '1', user: 'u', type: 'text', remark: 'r', timestamp: 1, role: 'qc' }] }), seen);
    expect(await fetchRemarks({ appointmentId: 'A', section: 'carDetails', part: 'customerName' })).toHaveLength(1);
    const target = { carId: 77, section: 'carDetails', part: 'customerName', role: 'qc', user: 'u@qc.example', type: 'rejectionRemark' as const, inspectionStatus: 'smReview' as const };
    await saveRemark({ ...target, remarkType: 'text', remark: 'Name differs' });
    await saveRemark({ ...target, remarkType: 'audio', audio: new Blob(['x'], { type: 'audio/webm' }) });
    expect(form(seen[1])).toEqual({ carId: '77', section: 'carDetails', part: 'customerName', role: 'qc', user: 'u@qc.example', type: 'rejectionRemark', inspectionStatus: 'smReview', remarkType: 'text', remark: 'Name differs' });
    expect(form(seen[2]).remark).toBe('file:remark.webm');
    expect(form(seen[2]).remarkType).toBe('audio');
  });

  it('v2/image uploads imageFile with the §7 fields', async () => {
    mainHttp.defaults.adapter = fakeAdapter(answer({ detail: { url: '/uploads/new.jpg', oldUrl: '/uploads/old.jpg' } }), seen);
    const result = await uploadImage(new Blob(['j'], { type: 'image/jpeg' }), { carId: 77, section: 'carDetails', type: 'rc', part: 'rcImages', hashKey: 'H-RC0', role: 'qc', inspectionStatus: 'smReview', uploadTime: '2026-11-23 10:00:00', fileExtension: 'jpeg', pointerCount: 1, isTilted: true });
    expect(result.url).toBe('/uploads/new.jpg');
    expect(form(seen[0])).toMatchObject({ imageFile: 'file:image.jpeg', carId: '77', hashKey: 'H-RC0', pointerCount: '1', isTilted: 'true', fileExtension: 'jpeg' });
  });

  it('comments, RI mail and lookups', async () => {
    mainHttp.defaults.adapter = fakeAdapter((c) => {
      if (c.url === 'state') return { status: 500, data: {} };
      if (c.url === 'api/rto') return { status: 200, data: { detail: [{ id: 3, rto: 'Pune', rtoCode: 'MH12' }] } };
      return { status: 200, data: { detail: [] } };
    }, seen);
    await fetchComments('electricalsInterior');
    await sendRiMail({ carId: 77, version: 2, to: 'a@qc.example,b@qc.example' });
    expect(await fetchLookup('state')).toEqual([]);
    expect(await fetchLookup('rto', 9)).toEqual([{ id: 3, label: 'MH12' }]);
    expect(await fetchLookup('rto', null)).toEqual([]);
    expect(seen.map((c) => c.url)).toEqual(['api/comments', 'reinspection-send-email', 'state', 'api/rto']);
    expect(seen[0].params).toMatchObject({ section: 'electricalsInterior' });
    expect(JSON.parse(seen[1].data as string)).toEqual({ carId: 77, version: 2, to: 'a@qc.example,b@qc.example' });
  });

  it("api/Config: reads the duplicate key flag under the name the server sends (duplicateKeyConfig, server/seed)", async () => {
    mainHttp.defaults.adapter = fakeAdapter(answer({ detail: { duplicateKeyConfig: 1 } }), seen);
    expect(await fetchAppConfig()).toEqual({ duplicateKeyConfig: 1 });
    mainHttp.defaults.adapter = fakeAdapter(answer({ detail: {} }), seen);
    expect(await fetchAppConfig()).toEqual({ duplicateKeyConfig: 0 });
  });
});

describe('pre-inspection documents host (spec 000 §7, DESIGN.md /docs-api/)', () => {
  it('uses the /docs-api/ base for getRcInsuranceDocs and the approval PUT', async () => {
    expect(docsHttp.defaults.baseURL).toBe('/docs-api/');
    docsHttp.defaults.adapter = fakeAdapter(answer({ detail: { preRcImages: [], preInsuranceImages: [] } }), seen);
    await fetchCustomerDocuments({ appointmentId: 'A', leadToken: 'L' });
    await approveDocument({ appointmentId: 'A', docType: 'rc', user: 'u@qc.example', rcType: 'Original', status: 'VERIFIED', images: [] });
    expect(seen.map((c) => [c.method, c.url])).toEqual([
      ['get', 'api/getRcInsuranceDocs'],
      ['put', 'api/approval'],
    ]);
    expect(seen[0].params).toEqual({ appointmentId: 'A', leadToken: 'L', utm_source: 'qc' });
  });
});
