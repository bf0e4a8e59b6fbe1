import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { Suggestion, VariantListItem } from '../../src/api/variants.ts';
import AddCarVariantScreen from '../../src/screens/variants/AddCarVariantScreen.tsx';
import { noDrafts } from '../support/drafts.ts';
import CarVariantListScreen, { type EditState, type ListState } from '../../src/screens/variants/CarVariantListScreen.tsx';
import { MAKES, MODELS, VARIANT_YEARS } from '../../tests/screens/variants/helpers.ts';
import { PENDING, fail, sessionFor, type Route, type Routes } from '../support/api.ts';
import { picture } from '../support/images.ts';
import { RoutedScreen } from '../support/screen.tsx';

const PARAMETERS = [
  { _id: 'p1', name: 'Sunroof', type: 'yes/no', value: [], image: [], status: 'Active' },
  { _id: 'p2', name: 'Alloy Wheels', type: 'yes/no', value: [], image: [], status: 'Active' },
  { _id: 'p3', name: 'Airbags', type: 'dropDown', value: ['2', '4', '6'], image: [], status: 'Active' },
  { _id: 'p4', name: 'Headlamp', type: 'image', value: [], image: ['Halogen', 'Projector', 'LED'].map((name) => ({ name, url: picture(name) })), status: 'Active' },
  { _id: 'p5', name: 'Steering Controls', type: 'yes/no', value: [], image: [], status: 'Inactive' },
];

const api = {
  'GET make': { detail: MAKES },
  'GET make/*': { detail: MODELS },
  'GET variant-year': { detail: VARIANT_YEARS },
  'GET v2/variant-suggestion-parameter': { detail: PARAMETERS },
  'POST v2/variant-suggestion-data': { detail: 'Variant data added' },
};

/** The car variant catalogue (spec 002): variant columns built by dragging parameters (dnd-kit), and the list. */
const meta = {
  title: 'Screens/Variant catalogue',
  component: RoutedScreen,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof RoutedScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * /add-car-variant: drag a parameter from the side panel into a variant column, with the mouse or the keyboard
 * (focus its handle, Space, an arrow key towards the column, Space).
 */
export const AddVariantDragAndDrop: Story = {
  args: { path: '/add-car-variant', url: '/add-car-variant', screen: <AddCarVariantScreen drafts={noDrafts} />, session: sessionFor('qc'), api },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const panel = await canvas.findByRole('complementary', { name: 'Parameters' });
    const handle = await within(panel).findByRole('button', { name: 'Drag Sunroof' });
    await expect(handle).toHaveAttribute('aria-roledescription', 'draggable');
    await expect(within(panel).queryByRole('button', { name: 'Drag Steering Controls' })).not.toBeInTheDocument();
    // A real drag with the keyboard sensor: Space picks Sunroof up, ArrowLeft moves it over the column, Space drops it.
    handle.focus();
    await userEvent.keyboard(' ');
    await userEvent.keyboard('{ArrowLeft}');
    await expect(await within(document.body).findByText('Sunroof is over Variant 1.')).toBeInTheDocument();
    await userEvent.keyboard(' ');
    const column = canvas.getByRole('list', { name: 'Parameters of Variant 1' });
    await expect(await within(column).findByRole('combobox', { name: 'Sunroof of Variant 1' })).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Add Variant' }));
    await expect(await canvas.findByRole('button', { name: 'Remove Variant 2' })).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Remove Variant 2' }));
    await waitFor(() => expect(canvas.queryByRole('button', { name: 'Remove Variant 2' })).not.toBeInTheDocument());
  },
};

const SWIFT = { make: MAKES[0], model: MODELS[0] };
const parameter = (name: string, type: string, value: string) => ({ name, type, value });
const VXI: VariantListItem = {
  srNo: 2,
  make_id: 1,
  model_id: 201,
  modelName: 'Swift',
  fuelType: 'Petrol',
  manufacturingYears: '2019,2020',
  variant: 'VXI 1.2 AT',
  variantId: 5010,
  // The first two are the variant's own name and id; the column's slots are the rest, in this order.
  variantParameters: [parameter('variant', 'Text', 'VXI 1.2 AT'), parameter('variantId', 'Text', '5010'), parameter('Sunroof', 'yes/no', 'Yes'), parameter('Alloy Wheels', 'yes/no', 'No'), parameter('Airbags', 'dropDown', '6')],
};

/** The slots of Variant 1, in order, as their selects name them. */
const slotOrder = (canvasElement: HTMLElement) =>
  within(within(canvasElement).getByRole('list', { name: 'Parameters of Variant 1' }))
    .getAllByRole('combobox')
    .map((select) => select.getAttribute('aria-label'));

/**
 * Editing a variant: its parameters are sortable (dnd-kit). The play function drags one for real with the keyboard
 * sensor — focus the handle, Space picks it up, ArrowDown moves it one place, Space drops it — and checks the order.
 */
export const ReorderParametersByKeyboard: Story = {
  args: {
    path: '/add-car-variant',
    url: { pathname: '/add-car-variant', state: { variant: VXI, ...SWIFT } satisfies EditState },
    screen: <AddCarVariantScreen drafts={noDrafts} />,
    session: sessionFor('qc'),
    api,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Edit Car Variant' })).toBeInTheDocument();
    await waitFor(() => expect(slotOrder(canvasElement)).toEqual(['Sunroof of Variant 1', 'Alloy Wheels of Variant 1', 'Airbags of Variant 1']));
    const handle = canvas.getByRole('button', { name: 'Move Sunroof of Variant 1' });
    handle.focus();
    // dnd-kit's live region (on the body, outside the canvas) says where the dragged parameter is.
    const live = within(document.body);
    await userEvent.keyboard(' ');
    await expect(await live.findByText('Sunroof of Variant 1 is over Sunroof of Variant 1.')).toBeInTheDocument();
    await userEvent.keyboard('{ArrowDown}');
    await expect(await live.findByText('Sunroof of Variant 1 is over Alloy Wheels of Variant 1.')).toBeInTheDocument();
    await userEvent.keyboard(' ');
    await expect(await live.findByText('Sunroof of Variant 1 was dropped on Alloy Wheels of Variant 1.')).toBeInTheDocument();
    await waitFor(() => expect(slotOrder(canvasElement)).toEqual(['Alloy Wheels of Variant 1', 'Sunroof of Variant 1', 'Airbags of Variant 1']));
  },
};

const list = (suggestion: Route, selection?: ListState['selection'], more: Routes = {}): Story => ({
  args: {
    path: '/car-variant-list',
    url: selection ? { pathname: '/car-variant-list', state: { selection } satisfies ListState } : '/car-variant-list',
    screen: <CarVariantListScreen />,
    session: sessionFor('qc'),
    api: { ...api, 'POST v2/variant-suggestion': suggestion, ...more },
  },
});
const SWIFT_2019 = { ...SWIFT, years: [2019, 2020], fuelType: 'Petrol' };
const LXI: VariantListItem = { ...VXI, srNo: 1, variant: 'LXI 1.2', variantId: 5001, variantParameters: [parameter('variant', 'Text', 'LXI 1.2'), parameter('variantId', 'Text', '5001'), parameter('Airbags', 'dropDown', '2')] };
const ACTIVE: Suggestion = { variantList: [LXI, VXI], missingVariants: [], status: 'Active' };

/** /car-variant-list before a search: make, model, years and fuel type to choose. */
export const VariantList: Story = list(PENDING);

/** Back from saving: the list of the saved selection, every variant present. */
export const VariantListResults: Story = {
  ...list({ detail: ACTIVE }, SWIFT_2019),
  play: async ({ canvasElement }) => {
    const result = await within(canvasElement).findByRole('region', { name: 'Suggestion data' });
    await expect(within(result).getByRole('button', { name: 'Set Question Sequence' })).toBeInTheDocument();
    await expect(within(result).getByRole('button', { name: 'Disable For Inspection App' })).toBeInTheDocument();
  },
};

/** A variant of the catalogue has no data yet: listed as missing, no question sequence to set. */
export const VariantListMissingVariants: Story = {
  ...list({ detail: { variantList: [LXI], missingVariants: [{ variant_id: 5010, variant_name: 'VXI 1.2 AT', years: [2019] }], status: 'Pending' } }, SWIFT_2019),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Variant data missing for:')).toBeInTheDocument();
  },
};

export const VariantListEmpty: Story = {
  ...list({ detail: { variantList: [], missingVariants: [], status: 'Pending' } }, SWIFT_2019),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('No data found')).toBeInTheDocument();
  },
};

export const VariantListLoading: Story = list(PENDING, SWIFT_2019);

export const VariantListFailed: Story = {
  ...list(fail(500, 'The variant data is not available'), SWIFT_2019),
  play: async () => {
    await expect(await within(document.body).findByText(/The variant data is not available/)).toBeInTheDocument();
  },
};

/** 'Add Parameter..': submitting without a name says so; a drop-down needs its options. */
export const AddParameterPopupValidation: Story = {
  args: { path: '/add-car-variant', url: '/add-car-variant', screen: <AddCarVariantScreen drafts={noDrafts} />, session: sessionFor('qc'), api },
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole('button', { name: 'Add Parameter..' }));
    const popup = within(await within(document.body).findByRole('dialog', { name: 'Add Parameter' }));
    await userEvent.click(popup.getByRole('button', { name: 'Submit' }));
    await expect(popup.getByRole('alert')).toHaveTextContent('Parameter Name is required');
  },
};

/** 'Set Question Sequence' on a complete, enabled list: the parameters with their question numbers. */
export const QuestionSequenceDialog: Story = {
  ...list({ detail: ACTIVE }, SWIFT_2019, {
    'GET v2/variant-question-sequence': { detail: { parameters: [{ name: 'Sunroof', type: 'yes/no', sequence: 1 }, { name: 'Alloy Wheels', type: 'yes/no', sequence: 2 }, { name: 'Airbags', type: 'dropDown', sequence: null }] } },
  }),
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole('button', { name: 'Set Question Sequence' }));
    const dialog = within(await within(document.body).findByRole('dialog', { name: 'Question Sequence' }));
    await expect(await dialog.findByRole('combobox', { name: 'Sequence of Sunroof' })).toHaveValue('1');
  },
};
