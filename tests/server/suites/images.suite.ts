import { existsSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { uploadPath } from '../../../server/forms.ts';
import { assignedInspection, auditCount, PNG, postForm, resetWithExtras } from '../support/extras.ts';
import { OTHER, REVIEWER, REVIEWER2, type Harness } from '../support/harness.ts';

export function imageSuite(h: Harness) {
  describe('image upload v2/image (spec 000 §7, §2 image editor)', () => {
    let car: { car_id: number; appointment_id: string };
    beforeAll(async () => {
      await resetWithExtras(h, 20);
      car = await assignedInspection(h, REVIEWER);
    });

    const fields = (over: Record<string, string | number | boolean | undefined> = {}) => ({
      carId: car.car_id,
      section: 'carDetails',
      type: 'rcImages',
      part: 'rcImages',
      partTitle: 'RC Images',
      hashKey: `${car.appointment_id}_carDetails_RC0`,
      title: 'RC1',
      role: 'qc',
      field: 'rcImages',
      inspectionStatus: 'smReview',
      uploadTime: new Date().toISOString(),
      pointerCount: 3,
      isTilted: false,
      fileExtension: 'png',
      ...over,
    });
    const image = { field: 'imageFile', filename: 'masked.png', contentType: 'image/png', data: PNG };

    it('replacing an image by hashKey stores the file, answers {url, oldUrl} and marks it masked by QC', async () => {
      const before = (await h.call('GET', `/api/v2/inspection/${car.car_id}`, { token: await h.token(REVIEWER) })).json().detail;
      const oldUrl = before.inspectionData.carDetails.rcImages.images[0].url;
      const res = await postForm(h, '/api/v2/image', await h.token(REVIEWER), fields({ oldImageUrl: oldUrl }), image);
      expect(res.statusCode, res.body).toBe(200);
      const { url, oldUrl: answeredOld } = res.json().detail;
      expect(url).toMatch(/^\/uploads\/qc\/.+\.png\?exp=\d+&sig=/);
      expect(answeredOld).toBe(oldUrl);
      expect(existsSync(uploadPath(h.uploadsDir, url))).toBe(true);
      const served = await h.app().inject({ method: 'GET', url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toMatch(/image\/png/);
      const after = (await h.call('GET', `/api/v2/inspection/${car.car_id}`, { token: await h.token(REVIEWER) })).json().detail;
      expect(after.inspectionData.carDetails.rcImages.images[0]).toMatchObject({ url, oldUrl, originalUrl: oldUrl, isMaskedByQc: true, maskedBy: REVIEWER, pointerCount: 3, isTilted: false });
      expect(await auditCount(h, 'image-mask', car.car_id)).toBe(1);
    });

    it('a second edit keeps the chain: oldUrl is the previous upload', async () => {
      const first = (await h.call('GET', `/api/v2/inspection/${car.car_id}`, { token: await h.token(REVIEWER) })).json().detail.inspectionData.carDetails.rcImages.images[0].url;
      const res = await postForm(h, '/api/v2/image', await h.token(REVIEWER), fields(), image);
      expect(res.json().detail.oldUrl).toBe(first);
    });

    it('an RTO NOC image (type additionalInfo, part + subPart) is set on the field', async () => {
      const token = await h.token(REVIEWER);
      const res = await postForm(h, '/api/v2/image', token, fields({ type: 'additionalInfo', part: 'rtoNocIssued', hashKey: undefined, title: 'RTO NOC' }), image);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().detail).toMatchObject({ hashKey: `${car.appointment_id}_carDetails_rtoNocIssued` });
      const after = (await h.call('GET', `/api/v2/inspection/${car.car_id}`, { token })).json().detail;
      expect(after.inspectionData.carDetails.rtoNocIssued.image).toMatchObject({ url: res.json().detail.url, title: 'RTO NOC' });
      expect(after.inspectionData.carDetails.rtoNocIssued.image.isMaskedByQc).toBeUndefined();
      expect(await auditCount(h, 'image-upload', car.car_id)).toBe(1);
    });

    it('only image files are accepted (400), with a message for each malformed form', async () => {
      const token = await h.token(REVIEWER);
      const text = await postForm(h, '/api/v2/image', token, fields(), { ...image, data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') });
      expect(text.statusCode).toBe(400);
      expect(text.json().detail).toMatch(/Only image files/);
      const none = await postForm(h, '/api/v2/image', token, fields());
      expect(none.json().detail).toMatch(/imageFile is required/);
      const unknown = await postForm(h, '/api/v2/image', token, fields({ hashKey: 'nope', part: undefined }), image);
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().detail).toMatch(/No image with hashKey nope/);
      const stale = await postForm(h, '/api/v2/image', token, fields({ hashKey: `${car.appointment_id}_carDetails_RC9` }), image);
      expect(stale.statusCode).toBe(400);
      expect(stale.json().detail).toMatch(/No image with hashKey/);
      expect((await postForm(h, '/api/v2/image', token, fields({ type: 'additionalInfo', part: 'nothing', hashKey: undefined }), image)).json().detail).toMatch(/No field nothing/);
      expect((await postForm(h, '/api/v2/image', token, fields({ section: 'wheels' }), image)).statusCode).toBe(400);
      expect((await postForm(h, '/api/v2/image', token, fields({ pointerCount: 'many' }), image)).statusCode).toBe(400);
      expect((await postForm(h, '/api/v2/image', token, fields(), { ...image, field: 'photo' })).statusCode).toBe(400);
    });

    it('non-assignees are refused (403) and nothing changes; 401 without a token', async () => {
      const before = (await h.db().query<{ detail: unknown }>('SELECT detail FROM inspections WHERE car_id = $1', [car.car_id])).rows[0].detail;
      const res = await postForm(h, '/api/v2/image', await h.token(REVIEWER2), fields(), image);
      expect(res.statusCode).toBe(403);
      expect((await postForm(h, '/api/v2/image', await h.token(OTHER), fields(), image)).statusCode).toBe(403);
      expect((await h.db().query<{ detail: unknown }>('SELECT detail FROM inspections WHERE car_id = $1', [car.car_id])).rows[0].detail).toEqual(before);
      expect((await postForm(h, '/api/v2/image', null, fields(), image)).statusCode).toBe(401);
    });
  });
}
