// Spec 002 variant catalogue and admin tools against the real server, as a new user would: a QC user builds a variant
// by dragging parameters (one with the keyboard alone; a reload keeps it as a draft), sets the question sequence, enables it and deletes one; the
// QC admin uploads an X factor CSV with one bad row, corrects a registration number and an odometer reading, uploads
// evaluator leaves and triggers a video tutorial; a QC reviewer is kept out of the admin routes.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import dayjs from 'dayjs';
import type { Browser, Page } from 'playwright-core';
import { apiAs, listAll } from './api.ts';
import { launchBrowser, signedInContext, watchErrors } from './browser.ts';

const baseURL = inject('baseURL');
const QC = 'qc.reviewer@qc.example';
const ADMIN = 'qc.admin@qc.example';
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

async function pick(page: Page, label: string, options: string[], multiple = false) {
  await page.getByRole('button', { name: new RegExp(`${label}$`) }).click();
  for (const option of options) await page.getByRole('option', { name: option, exact: true }).click();
  if (multiple) await page.keyboard.press('Escape');
}

async function chooseCreta(page: Page, fuel: 'select' | 'radio') {
  await pick(page, 'Make', ['Hyundai']);
  await pick(page, 'Model', ['Creta']);
  await pick(page, 'Manufacturing Years', ['2019', '2020'], true);
  if (fuel === 'select') await pick(page, 'Fuel Type', ['Diesel']);
  // react-aria keeps the radio input visually hidden: the user clicks its label.
  else await page.getByRole('radiogroup', { name: 'Fuel Type' }).getByText('Diesel', { exact: true }).click();
}

describe('spec 002 variant catalogue (issue 15)', () => {
  it('a QC user adds the missing variant by dragging parameters, sets the question sequence, enables it and deletes a variant', async () => {
    const api = await apiAs(baseURL, QC);
    const creta = (await api.get<{ detail: { model_id: number; model_name: string }[] }>('make/2')).detail.find((m) => m.model_name === 'Creta')!;
    const context = await signedInContext(browser, baseURL, QC);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${baseURL}/car-variant-list`);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Select Make', { exact: true }).first().waitFor();
    await chooseCreta(page, 'select');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Variant data missing for:').waitFor();
    const missing = (await page.locator('.missing li').first().textContent())!.replace(/ \(.*\)$/, '');
    expect(await page.getByRole('button', { name: 'Set Question Sequence' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Add Variant' }).click();
    await page.waitForURL(`${baseURL}/add-car-variant`);
    await chooseCreta(page, 'radio');
    // The chosen fuel type shows as chosen (its input is hidden: the label's circle carries the dot), and so does
    // the keyboard's focus on it.
    const circle = (name: string) => page.getByRole('radiogroup', { name: 'Fuel Type' }).locator('label').filter({ hasText: name }).evaluate((el) => {
      const style = getComputedStyle(el, '::before');
      return `${style.borderTopWidth} ${style.outlineStyle}`;
    });
    expect([await circle('Diesel'), await circle('Petrol')]).toEqual(['5px none', '2px none']);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => circle('Petrol')).toBe('5px solid');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => circle('Diesel')).toBe('5px solid');
    await pick(page, 'Variant 1', [missing]);
    // Keyboard only: focus the parameter's handle, Space picks it up, an arrow moves it onto the column, Space drops it.
    const sunroof = page.getByRole('button', { name: 'Drag Sunroof' });
    await sunroof.focus();
    await page.keyboard.press('Space');
    await page.waitForTimeout(150);
    await page.keyboard.press('ArrowLeft');
    await page.waitForTimeout(150);
    await page.keyboard.press('Space');
    const sunroofValue = page.getByRole('combobox', { name: 'Sunroof of Variant 1' });
    await sunroofValue.waitFor();
    // Again with the keyboard: a second drop of the same parameter is refused.
    await sunroof.focus();
    await page.keyboard.press('Space');
    await page.waitForTimeout(150);
    await page.keyboard.press('ArrowLeft');
    await page.waitForTimeout(150);
    await page.keyboard.press('Space');
    await page.getByText('Parameter: Sunroof already added').waitFor();
    // And with the mouse.
    const handle = await page.getByRole('button', { name: 'Drag Airbags' }).boundingBox();
    const column = await page.getByRole('list', { name: 'Parameters of Variant 1' }).boundingBox();
    await page.mouse.move(handle!.x + 10, handle!.y + handle!.height / 2);
    await page.mouse.down();
    for (let step = 1; step <= 10; step++) {
      await page.mouse.move(handle!.x + 10 + ((column!.x + 40 - handle!.x - 10) * step) / 10, handle!.y + ((column!.y + column!.height - 20 - handle!.y) * step) / 10);
    }
    await page.mouse.up();
    const airbags = page.getByRole('combobox', { name: 'Airbags of Variant 1' });
    await airbags.waitFor();
    await sunroofValue.selectOption('Yes');
    await airbags.selectOption('6');
    // A reload asks first, then the form comes back from the draft on this device.
    page.once('dialog', (d) => void d.accept());
    // The draft is written within DRAFT_DELAY_MS (150 ms) of the last change.
    await page.waitForTimeout(300);
    await page.reload();
    await page.getByText('Draft restored ·').waitFor();
    expect(await sunroofValue.inputValue()).toBe('Yes');
    expect(await airbags.inputValue()).toBe('6');
    expect(await page.getByRole('radio', { name: 'Diesel' }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Submit' }).click();
    const saved = page.getByRole('dialog', { name: 'Variant data saved' });
    await saved.getByText(`Variant data added for ${missing}`).waitFor();
    await saved.getByRole('button', { name: 'Go to Variant List' }).click();
    await page.waitForURL(`${baseURL}/car-variant-list`);

    // The list opens on what was just saved.
    await page.getByRole('rowheader', { name: missing }).waitFor();
    expect(await page.getByText('Variant data missing for:').count()).toBe(0);
    await page.getByRole('button', { name: 'Set Question Sequence' }).click();
    const dialog = page.getByRole('dialog', { name: 'Question Sequence' });
    const boxes = dialog.getByRole('combobox');
    await boxes.first().waitFor();
    const count = await boxes.count();
    await boxes.nth(0).selectOption('1');
    await boxes.nth(1).selectOption('1');
    await dialog.getByText('1 is already added').waitFor();
    for (let i = 0; i < count; i++) await boxes.nth(i).selectOption(String(count - i));
    const names = await dialog.getByRole('rowheader').allTextContents();
    await dialog.getByRole('button', { name: 'Submit Sequence' }).click();
    await dialog.waitFor({ state: 'detached' });
    const sequence = await api.get<{ detail: { displayFields: Record<string, number> } }>(`v2/variant-question-sequence?modelId=${creta.model_id}&years=2019,2020&fuelType=Diesel`);
    expect(sequence.detail.displayFields).toEqual(Object.fromEntries(names.map((n, i) => [n, count - i])));

    await page.getByRole('button', { name: 'Enable For Inspection App' }).click();
    await page.getByRole('button', { name: 'Disable For Inspection App' }).waitFor();
    const query = () => api.send<{ detail: { status: string; variantList: { variant: string }[] } }>('POST', 'v2/variant-suggestion', { modelId: creta.model_id, years: [2019, 2020], fuelType: 'Diesel' });
    expect((await query()).detail.status).toBe('Active');

    await page.getByRole('button', { name: `Delete ${missing}` }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText(`Are you sure you want to delete variant data for ${missing}`).waitFor();
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await page.getByText('Variant data missing for:').waitFor();
    expect((await query()).detail.variantList.map((v) => v.variant)).not.toContain(missing);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('spec 002 X factor and admin forms (issue 15)', () => {
  it('the QC admin uploads an X factor CSV with one bad row, corrects a registration number and an odometer reading, uploads leaves and a video tutorial', async () => {
    const api = await apiAs(baseURL, ADMIN);
    const context = await signedInContext(browser, baseURL, ADMIN);
    const page = await context.newPage();

    await page.goto(`${baseURL}/admin`);
    await page.getByRole('columnheader', { name: 'Slot - X factor' }).waitFor();
    const monday = dayjs().add(21, 'day').day(1).format('YYYY-MM-DD');
    const csv = `CENTRE_ID,DATE,DAY,SLOT,FACTOR\n101,${monday},Monday,11:00:00,1.45\n101,${monday},Friday,12:00:00,1.2\n`;
    await page.getByLabel('Upload CSV').setInputFiles({ name: 'xfactor.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    const result = page.getByRole('region', { name: 'Upload result' });
    await result.getByText(`Row 3: DATE ${monday} is not a Friday`).waitFor();
    await result.getByText('1 rows updated successfully, 1 error rows').waitFor();
    const stored = await api.get<{ detail: { slotXFactor: Record<string, number> }[] }>(`v2/store-cancellation-factor?storeId=101&date=${monday}`);
    expect(stored.detail[0].slotXFactor['11:00:00']).toBe(1.45);

    const target = (await listAll(api))[0];
    await page.goto(`${baseURL}/admin-rv`);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Invalid Appointment Id').waitFor();
    await page.getByLabel('Appointment Id').fill(target.appointmentId);
    await page.getByLabel('New Registration Number').pressSequentially('ka05mn4321');
    expect(await page.getByLabel('New Registration Number').inputValue()).toBe('KA05MN4321');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText(/Updated: registration number KA05MN4321/).waitFor();
    const detail = await api.get<{ detail: { inspectionData: { carDetails: { registrationNumber: { value: string } } } } }>(`v2/inspection/${target.carId}`);
    expect(detail.detail.inspectionData.carDetails.registrationNumber.value).toBe('KA05MN4321');

    await page.goto(`${baseURL}/admin-odo`);
    await page.getByLabel('Appointment Id').fill('NOSUCH1');
    await page.getByRole('button', { name: 'Get Old Odometer Reading' }).click();
    await page.getByText('Enter correct Appointment Id').waitFor();
    await page.getByLabel('Appointment Id').fill(target.appointmentId);
    await page.getByRole('button', { name: 'Get Old Odometer Reading' }).click();
    await expect.poll(() => page.getByLabel('Old Odometer Reading').inputValue()).toMatch(/^\d+$/);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Invalid odometer').waitFor();
    await page.getByLabel('New Odometer Reading').fill('54321');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Odometer Reading updated succesfully').waitFor();
    expect((await api.get<{ detail: { odometerReading: number } }>(`odometer/${target.appointmentId}`)).detail.odometerReading).toBe(54321);

    await page.goto(`${baseURL}/update-cj`);
    await page.getByRole('button', { name: 'Upload' }).click();
    await page.getByText('Please select csv file to upload').waitFor();
    await page.getByLabel('Leave file').setInputFiles({ name: 'leaves.csv', mimeType: 'text/csv', buffer: Buffer.from(`EVALUATOR_EMAIL,LEAVE_DATE\nasha.rao@evaluators.example,${monday}\nnot-an-email,${monday}\n`) });
    await page.getByRole('button', { name: 'Upload' }).click();
    await page.getByRole('list', { name: 'Upload errors' }).getByText("Row 3: Invalid EVALUATOR_EMAIL 'not-an-email'").waitFor();
    await page.getByLabel('Leave file').setInputFiles({ name: 'leaves.csv', mimeType: 'text/csv', buffer: Buffer.from(`EVALUATOR_EMAIL,LEAVE_DATE,LEAVE_TYPE\nasha.rao@evaluators.example,${monday},FIRST_HALF\n`) });
    await page.getByRole('button', { name: 'Upload' }).click();
    await page.getByText('1 leaves uploaded').waitFor();

    await page.goto(`${baseURL}/admin-vtt`);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Please Enter Video Title').waitFor();
    expect(await page.getByLabel('Date to trigger').inputValue()).toBe(dayjs().format('YYYY-MM-DD'));
    await page.getByLabel('Video Title').fill('Tyre tread check');
    await page.getByLabel('Video Message').fill('How to measure tread depth with a gauge');
    const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42', 'latin1'), Buffer.alloc(2048, 1)]);
    await page.getByLabel('Hindi Video').setInputFiles({ name: 'hindi.mp4', mimeType: 'video/mp4', buffer: mp4 });
    await page.getByLabel('English Video').setInputFiles({ name: 'english.mp4', mimeType: 'video/mp4', buffer: mp4 });
    await page.getByLabel('Store Config').fill('ALL_STORES');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Video Uploaded Successfully').waitFor();
    await context.close();
  });

  it('a QC reviewer is kept out of every admin route (sent to their landing; the API answers 403)', async () => {
    const context = await signedInContext(browser, baseURL, QC);
    const page = await context.newPage();
    for (const path of ['/admin', '/admin-rv', '/admin-odo', '/update-cj', '/admin-vtt']) {
      await page.goto(`${baseURL}${path}`);
      await page.waitForURL(`${baseURL}/inspection`);
    }
    const qc = await apiAs(baseURL, QC);
    await expect(qc.get('v2/store-cancellation-factor')).rejects.toThrow(/403/);
    await context.close();
  });
});
