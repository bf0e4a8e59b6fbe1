import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import AddCarVariantScreen from '../../src/screens/variants/AddCarVariantScreen.tsx';
import CarVariantListScreen from '../../src/screens/variants/CarVariantListScreen.tsx';
import { MAKES, MODELS, VARIANT_YEARS } from '../../tests/screens/variants/helpers.ts';
import { sessionFor } from '../support/api.ts';
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
  args: { path: '/add-car-variant', url: '/add-car-variant', screen: <AddCarVariantScreen />, session: sessionFor('qc'), api },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const panel = await canvas.findByRole('complementary', { name: 'Parameters' });
    const handle = await within(panel).findByRole('button', { name: 'Drag Sunroof' });
    await expect(handle).toHaveAttribute('aria-roledescription', 'draggable');
    await expect(within(panel).queryByRole('button', { name: 'Drag Steering Controls' })).not.toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Add Variant' }));
    await expect(await canvas.findByRole('button', { name: 'Remove Variant 2' })).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Remove Variant 2' }));
    await waitFor(() => expect(canvas.queryByRole('button', { name: 'Remove Variant 2' })).not.toBeInTheDocument());
  },
};

/** /car-variant-list before a search: make, model, years and fuel type to choose. */
export const VariantList: Story = {
  args: { path: '/car-variant-list', url: '/car-variant-list', screen: <CarVariantListScreen />, session: sessionFor('qc'), api },
};
