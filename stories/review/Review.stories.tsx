import { useCallback, useMemo, useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { MemoryRouter } from 'react-router-dom';
import { getProduct } from '../../src/products/registry.ts';
import { generateInspection } from '../../src/engine/generate.ts';
import type { Edit, ReviewModel, RowState, Tab } from '../../src/engine/types.ts';
import { RowContext, type ReviewRowContext } from '../../src/screens/review/context.ts';
import { RowList } from '../../src/screens/review/RowList.tsx';
import { SummaryTab } from '../../src/screens/review/SummaryTab.tsx';
import { ImageEditor } from '../../src/screens/review/ImageEditor.tsx';
import { RegistryBadge } from '../../src/screens/review/RegistryBadge.tsx';
import '../../src/screens/review/review.css';
import type { InspectionDetail } from '../../src/products/car/inspection.ts';

const { engine: carEngine, config: carReviewConfig } = getProduct('car');

/** The review page's parts over a generated inspection of the real car config; edits run through the real engine. */
const meta = { title: 'Review', component: RowList, subcomponents: { SummaryTab, ImageEditor, RegistryBadge } } satisfies Meta<typeof RowList>;
export default meta;
type Story = StoryObj;

const inspection = generateInspection<InspectionDetail>(carReviewConfig, {
  values: { insuranceType: 'Comprehensive', noClaimBonus: 'Yes', fuelType: 'Petrol' },
  inspection: { version: 1, riTableData: [{ title: 'Odometer Reading', oldValue: 79357, newValue: 79751 }] },
});

const svg = (title: string) =>
  `data:image/svg+xml;utf8,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" width="400" height="260"><rect width="400" height="260" fill="#2e7d4f"/><text x="20" y="40" fill="#fff" font-size="24">${title}</text></svg>`)}`;

function useStoryModel(canEdit: boolean) {
  const [model, setModel] = useState(() => carEngine.evaluate(inspection));
  const onEdit = useCallback((edit: Edit) => setModel((m) => carEngine.apply(m, edit)), []);
  const ctx = useMemo<ReviewRowContext>(
    () => ({
      canEdit,
      appointmentId: inspection.appointmentId,
      onEdit,
      remarkTarget: (row) => ({ carId: inspection.carId, section: row.section, part: row.part, role: 'qc', user: 'qc.reviewer@qc.example' }),
      editImage: () => undefined,
      uploadRowImage: async () => undefined,
      recordingSupported: false,
      imageSrc: (url) => (url.startsWith('https://img.example/') ? svg(url.split('/').slice(-2).join(' ')) : url),
    }),
    [canEdit, onEdit],
  );
  return { model, ctx };
}

function Rows({ tab, canEdit }: { tab: Tab; canEdit: boolean }) {
  const { model, ctx } = useStoryModel(canEdit);
  return (
    <MemoryRouter>
      <RowContext.Provider value={ctx}>
        <p>
          Errors: Documents {model.errorsCount.Documents}, EXTERIOR {model.errorsCount.EXTERIOR}, INTERIOR {model.errorsCount.INTERIOR}
        </p>
        <RowList model={model} tab={tab} urls={{}} />
        {tab === 'SUMMARY' && <SummaryTab model={model} inspection={inspection} canEdit={canEdit} />}
      </RowContext.Provider>
    </MemoryRouter>
  );
}

export const DocumentsAssignee: Story = { render: () => <Rows tab="Documents" canEdit /> };
export const DocumentsReadOnly: Story = { render: () => <Rows tab="Documents" canEdit={false} /> };
export const Exterior: Story = { render: () => <Rows tab="EXTERIOR" canEdit /> };
export const Interior: Story = { render: () => <Rows tab="INTERIOR" canEdit /> };
export const Summary: Story = { render: () => <Rows tab="SUMMARY" canEdit /> };

export const RegistryBadges: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: 8 }}>
      <RegistryBadge row={{ vaahanFlag: 'yes', registryValue: 'MH01AB1234' }} />
      <RegistryBadge row={{ vaahanFlag: 'no', registryValue: 'MH01AB1234', smsValue: 'MH01AB1235' }} />
      <RegistryBadge row={{ vaahanFlag: 'info', registryValue: 'ROHIT KHAN' }} />
    </div>
  ),
  /** 000 §5: yes / no / info, each with the registry value, and the SMS value where the comparison used one. */
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('group', { name: 'Matches registry' })).toHaveTextContent('yesRegistry: MH01AB1234');
    const differs = canvas.getByRole('group', { name: 'Differs from registry' });
    await expect(differs).toHaveTextContent('Registry: MH01AB1234');
    await expect(differs).toHaveTextContent('SMS: MH01AB1235');
    await expect(differs).toHaveAttribute('title', 'Registry: MH01AB1234\nSMS: MH01AB1235');
    await expect(canvas.getByRole('group', { name: 'Registry info' })).toHaveTextContent('infoRegistry: ROHIT KHAN');
  },
};

export const ImageEditorPopup: Story = {
  render: function Render() {
    const model = carEngine.evaluate(inspection);
    const row = model.rows[model.order.find((k) => k.startsWith('rcImages:'))!];
    const [open, setOpen] = useState(true);
    return open ? (
      <ImageEditor row={row} src={svg('RC1')} upload={async () => ({ url: svg('RC1 edited') })} onDone={() => setOpen(false)} />
    ) : (
      <button type="button" onClick={() => setOpen(true)}>
        Open editor
      </button>
    );
  },
};

/**
 * A synthetic 500-row tab: like every tab, it is virtualized in its row box. Edits here only set the value and
 * tick (the synthetic keys have no rules), enough to see that a keystroke re-renders one row.
 */
export const Virtualized500Rows: Story = {
  render: function Render() {
    const [model, setModel] = useState<ReviewModel>(() => {
      const base = carEngine.evaluate(inspection);
      const rows: Record<string, RowState> = {};
      const order: string[] = [];
      for (let i = 0; i < 500; i++) {
        const key = `synthetic${i}`;
        rows[key] = { ...base.rows.chassisNumber, key, text: `Synthetic row ${i + 1}` };
        order.push(key);
      }
      return { ...base, rows, order };
    });
    const onEdit = useCallback(
      (edit: Edit) =>
        setModel((m) => {
          const row = m.rows[edit.key];
          if (!row) return m;
          const next: RowState =
            edit.type === 'setValue' ? { ...row, newValue: edit.value, checked: true } : edit.type === 'check' ? { ...row, checked: edit.checked } : row;
          return { ...m, rows: { ...m.rows, [edit.key]: next } };
        }),
      [],
    );
    const ctx = useMemo<ReviewRowContext>(
      () => ({
        canEdit: true,
        appointmentId: inspection.appointmentId,
        onEdit,
        remarkTarget: (row) => ({ carId: inspection.carId, section: row.section, part: row.part, role: 'qc', user: 'qc.reviewer@qc.example' }),
        editImage: () => undefined,
        uploadRowImage: async () => undefined,
        recordingSupported: false,
        imageSrc: (url) => url,
      }),
      [onEdit],
    );
    return (
      <RowContext.Provider value={ctx}>
        <RowList model={model} tab="Documents" urls={{}} />
      </RowContext.Provider>
    );
  },
};
