import { useCallback, useMemo, useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { generateInspection } from '../../src/engine/generate.ts';
import type { RemarkEntry } from '../../src/engine/inspection.ts';
import type { InspectionDetail } from '../../src/products/car/inspection.ts';
import type { Edit } from '../../src/engine/types.ts';
import { getProduct } from '../../src/products/registry.ts';
import { RowContext, type ReviewRowContext } from '../../src/screens/review/context.ts';
import { ImagesPanel } from '../../src/screens/review/ImagesPanel.tsx';
import { RemarkPanel } from '../../src/screens/review/RemarkPanel.tsx';
import { ReviewRow } from '../../src/screens/review/ReviewRow.tsx';
import '../../src/screens/review/review.css';
import { REVIEWER, serve } from '../support/api.ts';
import { LOOKUP_ROUTES, carConfig } from '../support/car.ts';
import { picture } from '../support/images.ts';

const { engine } = getProduct('car');
const now = Math.floor(Date.now() / 1000);

/** A remark history as the server keeps it (000 §3 remarkHistory): text and audio, by QC and store manager. */
const HISTORY: RemarkEntry[] = [
  { id: 'r1', user: 'qc.reviewer2@qc.example', role: 'qc', type: 'text', remark: 'Number plate unreadable in RC1', timestamp: now - 86400 },
  { id: 'r2', user: 'qc.store@qc.example', role: 'StoreManager-Qc', type: 'audio', remark: '', presignedUrl: 'data:audio/wav;base64,UklGRiQAAABXQVZFZm10IBAAAAABAAEAQB8AAEAfAAABAAgAZGF0YQAAAAA=', timestamp: now - 3600 },
];

const RC_IMAGES = ['RC1', 'RC2', 'RC3'].map((title, i) => ({ hashKey: `RC${i}`, title, url: picture(title), isVerified: i !== 1 }));

function inspection(values: Record<string, unknown> = {}, rcImages = RC_IMAGES): InspectionDetail {
  const detail = generateInspection<InspectionDetail>(carConfig, {
    values: { insuranceType: 'Comprehensive', noClaimBonus: 'Yes', fuelType: 'Petrol', rcCondition: ['Damaged'], rtoNocIssued: 'Yes', rtoNocAvailable: 'Yes', ...values },
    images: { rcImages },
    inspection: { carId: 9201, appointmentId: 'APT9201' },
  });
  const registration = detail.inspectionData.carDetails?.registrationNumber;
  if (registration) Object.assign(registration, { remarkHistory: HISTORY, vaahanFlag: 'no', registryValue: 'MH01AB1235' });
  return detail;
}

const KINDS = {
  'Text (registration number, upper-cased)': 'registrationNumber',
  'Numeric (customer mobile, digits only)': 'customerMobile',
  'Select (fuel type)': 'fuelType',
  'Lookup select (registration state)': 'registrationState',
  'Multi-select, exclusive Ok (RC condition)': 'rcCondition',
  'Multi-select, exclusive No Mismatch (mismatch in RC)': 'misMatchInRc',
  'Date (fitness upto)': 'fitnessUpto',
  'Read-only (VIN from OBD)': 'vinOBD',
  'Comments (car details)': 'carDetailsComments',
  'Image upload (RTO NOC available)': 'rtoNocAvailable',
} as const;

interface Args {
  /** The row kind, shown by a row of the car config that has it. */
  kind: keyof typeof KINDS;
  /** The assignee edits; everyone else reads (000 §4). */
  canEdit: boolean;
  /** Recorded values by row key over the story's own. */
  values?: Record<string, unknown>;
}

/** One review row over the real car config and engine: edits run through the engine as on /review. */
function Row({ kind, canEdit, values }: Args) {
  serve({ ...LOOKUP_ROUTES, 'GET v2/rejection-remark': { detail: [] }, 'POST v2/image': { detail: { url: picture('Uploaded') } } });
  const [model, setModel] = useState(() => engine.evaluate(inspection(values)));
  const onEdit = useCallback((edit: Edit) => setModel((m) => engine.apply(m, edit)), []);
  const ctx = useMemo<ReviewRowContext>(
    () => ({
      canEdit,
      appointmentId: 'APT9201',
      onEdit,
      remarkTarget: (row) => ({ carId: 9201, section: row.section, part: row.part, role: 'qc', user: REVIEWER }),
      editImage: () => undefined,
      uploadRowImage: async () => undefined,
      recordingSupported: false,
      imageSrc: (url) => url,
    }),
    [canEdit, onEdit],
  );
  const key = KINDS[kind];
  return (
    <RowContext.Provider value={ctx}>
      <ReviewRow row={model.rows[key]} />
    </RowContext.Provider>
  );
}

/**
 * Each kind of review row (000 §3 'Checkable row'): its widget is picked by the engine's ranked testers from the
 * row's config. Tick to disagree, edit the value, open the remarks.
 */
const meta = {
  title: 'Review/Rows',
  component: Row,
  subcomponents: { ReviewRow, RemarkPanel, ImagesPanel },
  args: { kind: 'Text (registration number, upper-cased)', canEdit: true },
  argTypes: { kind: { control: 'select', options: Object.keys(KINDS) } },
} satisfies Meta<typeof Row>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Upper-cased as typed; longer than 11 characters is invalid with the spec's message (000 §5). Registry badge: the registry differs. */
export const Text: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole('textbox', { name: 'Registration Number new value' });
    await userEvent.clear(input);
    await userEvent.type(input, 'mh02cd98765432');
    await expect(input).toHaveValue('MH02CD98765432');
    await userEvent.tab();
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Registration No should be 11 character long');
  },
};

/** The row's remark history: text and audio remarks with who and when (MMM DD HH:mm). */
export const RemarkHistory: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Remarks (2)' }));
    await expect(await canvas.findByText('Number plate unreadable in RC1')).toBeInTheDocument();
    await expect(canvas.getByLabelText('Audio remark')).toBeInTheDocument();
  },
};

export const Numeric: Story = {
  args: { kind: 'Numeric (customer mobile, digits only)' },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'Customer Mobile new value' });
    await userEvent.clear(input);
    await userEvent.type(input, '98a76');
    await expect(input).toHaveValue('9876');
  },
};

export const Select: Story = { args: { kind: 'Select (fuel type)' } };
export const LookupSelect: Story = { args: { kind: 'Lookup select (registration state)' } };

/** 000 §4: 'Ok' clears the other RC conditions, and another choice clears 'Ok'. */
export const MultiSelectExclusiveOk: Story = {
  args: { kind: 'Multi-select, exclusive Ok (RC condition)' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const ok = canvas.getByRole('checkbox', { name: 'Ok' });
    const damaged = canvas.getByRole('checkbox', { name: 'Damaged' });
    await expect(damaged).toBeChecked();
    await userEvent.click(ok);
    await expect(ok).toBeChecked();
    await expect(damaged).not.toBeChecked();
    await userEvent.click(damaged);
    await expect(ok).not.toBeChecked();
  },
};

export const MultiSelectExclusiveNoMismatch: Story = { args: { kind: 'Multi-select, exclusive No Mismatch (mismatch in RC)' } };
export const DateField: Story = { args: { kind: 'Date (fitness upto)' } };
export const ReadOnlyValue: Story = { args: { kind: 'Read-only (VIN from OBD)' } };
export const Comments: Story = { args: { kind: 'Comments (car details)' } };

const UNBROKEN = 'x'.repeat(500);
/** A recorded comment of 500 characters with no space wraps inside the row's editor cell, never over Remarks. */
export const LongUnbrokenComment: Story = {
  args: { kind: 'Comments (car details)', values: { carDetailsComments: [UNBROKEN] } },
  play: async ({ canvasElement }) => {
    const choice = within(canvasElement).getByRole('checkbox', { name: UNBROKEN }).closest('label')!;
    const remarks = within(canvasElement).getByRole('button', { name: /^Remarks/ }).getBoundingClientRect();
    await expect(choice.getBoundingClientRect().right).toBeLessThanOrEqual(remarks.left);
    await expect(canvasElement.querySelector('.row-editor')!.getBoundingClientRect().right).toBeLessThanOrEqual(remarks.left);
  },
};
export const ImageUpload: Story = { args: { kind: 'Image upload (RTO NOC available)' } };
export const NotAssignee: Story = { args: { canEdit: false } };

/** An image group (RC images): verified and non-verified toggles, tick, remarks and the editor per image. */
export const ImageGroup: StoryObj<{ rcImages: typeof RC_IMAGES }> = {
  args: { rcImages: RC_IMAGES },
  render: function Render({ rcImages }) {
    const [model, setModel] = useState(() => engine.evaluate(inspection({}, rcImages)));
    const onEdit = useCallback((edit: Edit) => setModel((m) => engine.apply(m, edit)), []);
    const keys = model.order.filter((k) => k.startsWith('rcImages:'));
    const ctx: ReviewRowContext = {
      canEdit: true,
      appointmentId: 'APT9201',
      onEdit,
      remarkTarget: (row) => ({ carId: 9201, section: row.section, part: row.part, role: 'qc', user: REVIEWER }),
      editImage: () => undefined,
      uploadRowImage: async () => undefined,
      imageSrc: (url) => url,
    };
    return (
      <RowContext.Provider value={ctx}>
        <ImagesPanel group="rcImages" title="RC Images" verifiable rows={keys.map((k) => model.rows[k])} urls={{}} />
      </RowContext.Provider>
    );
  },
};

/**
 * An image without an address says 'No image' and opens nothing (it opened the viewer on `?url=null`); one the browser
 * cannot load says 'Image not available' in its place, still linked to the viewer, which says why.
 */
export const ImageGroupMissingImages: typeof ImageGroup = {
  ...ImageGroup,
  args: { rcImages: [RC_IMAGES[0], { ...RC_IMAGES[1], url: null as unknown as string }, { ...RC_IMAGES[2], url: '/no-such-image.png' }] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('img', { name: 'RC1' })).toBeInTheDocument();
    const missing = canvas.getByRole('img', { name: 'RC2: no image' });
    await expect(missing).toHaveTextContent('No image');
    await expect(missing.closest('a')).toBeNull();
    const broken = await canvas.findByRole('img', { name: 'RC3: image not available' });
    await expect(broken.closest('a')).toHaveAttribute('href', '/view-image/2?url=%2Fno-such-image.png');
    await expect(canvasElement.querySelectorAll('a[href*="url=null"]')).toHaveLength(0);
  },
};

const recorder = () => ({ start: async () => undefined, stop: async () => new Blob(['RIFF'], { type: 'audio/webm' }), cancel: () => undefined });

/**
 * The remark panel alone: Add stays disabled while the text is blank (000 §5); 'Record audio' hands the recording to
 * the review (whose machine uploads it).
 */
export const RemarkPanelWithAudio: StoryObj<typeof RemarkPanel> = {
  render: (args) => {
    serve({
      'GET v2/rejection-remark': { detail: [] },
      'POST v2/rejection-remark': ({ body }) => ({
        detail: { id: `r${Date.now()}`, user: REVIEWER, role: 'qc', type: 'text', remark: String((body as FormData).get('remark')), timestamp: Math.floor(Date.now() / 1000) },
      }),
    });
    return <RemarkPanel {...args} />;
  },
  args: {
    target: { carId: 9201, section: 'carDetails', part: 'registrationNumber', role: 'qc', user: REVIEWER },
    appointmentId: 'APT9201',
    history: HISTORY,
    canEdit: true,
    onSaved: fn(),
    recorder,
    recordingSupported: true,
    alert: fn(),
    audio: { pending: undefined, sent: undefined, record: fn(), retry: fn(), discard: fn() },
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const add = canvas.getByRole('button', { name: 'Add' });
    await userEvent.type(canvas.getByRole('textbox', { name: 'Remark' }), '   ');
    await expect(add).toBeDisabled();
    await userEvent.type(canvas.getByRole('textbox', { name: 'Remark' }), 'Chassis number mismatch');
    await userEvent.click(add);
    await expect(await canvas.findByText('Chassis number mismatch')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Record audio' }));
    await userEvent.click(await canvas.findByRole('button', { name: 'Stop recording' }));
    await expect(args.audio!.record).toHaveBeenCalledTimes(1);
    await expect(args.onSaved).toHaveBeenCalledTimes(1);
  },
};

export const RemarkPanelEmptyReadOnly: StoryObj<typeof RemarkPanel> = {
  render: (args) => {
    serve({ 'GET v2/rejection-remark': { detail: [] } });
    return <RemarkPanel {...args} />;
  },
  args: { ...RemarkPanelWithAudio.args, history: [], canEdit: false } as StoryObj<typeof RemarkPanel>['args'],
};
