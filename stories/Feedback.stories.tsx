import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { StatusChip } from '../src/components/StatusChip.tsx';
import { Toasts } from '../src/components/Toasts.tsx';
import { showError, showSuccess } from '../src/components/toast.ts';
import { Carousel } from '../src/screens/gs/Carousel.tsx';
import '../src/screens/gs/gs.css';
import { ImageViewerScreen } from '../src/screens/image/ImageViewerScreen.tsx';
import { picture } from './support/images.ts';
import { RELOAD, SCREEN_NOT_LOADED, ScreenBoundary } from '../src/app/ScreenBoundary.tsx';
import { ScreenLoadError } from '../src/app/routes.ts';
import { DraftBar, reloadPage } from '../src/components/DraftBar.tsx';

/** Toasts, status chips, the carousel (embla), the image viewer and the panel of a screen that failed. */
const meta = { title: 'Widgets/Feedback and media', component: Carousel, subcomponents: { StatusChip, Toasts, ImageViewerScreen, ScreenBoundary } } satisfies Meta<typeof Carousel>;
export default meta;
type Story = StoryObj;

/** Spec 000 §8: success 3 s, error 5 s, top centre; a new toast replaces the one on screen. */
export const Toast: Story = {
  render: () => (
    <>
      <Toasts />
      <button type="button" onClick={() => showSuccess('Inspection Completed Successfully')}>
        Show success
      </button>{' '}
      <button type="button" onClick={() => showError('Email send issue')}>
        Show error
      </button>
    </>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const page = within(document.body);
    await userEvent.click(canvas.getByRole('button', { name: 'Show success' }));
    await expect(await page.findByText('Inspection Completed Successfully', {}, { timeout: 5000 })).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Show error' }));
    await expect(await page.findByText('Email send issue')).toBeInTheDocument();
    await expect(page.queryByText('Inspection Completed Successfully')).not.toBeInTheDocument();
  },
};

export const StatusChips: Story = {
  render: () => (
    <p style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
      {['smReview', 'done', 'new', 'smReviewRejected', 'READY_FOR_REVIEW', 'APPROVED', 'REJECTED', 'review', 'refReview', 'inRef', 'rejected'].map((s) => (
        <StatusChip key={s} status={s} />
      ))}
    </p>
  ),
};

const slides = (titles: string[]) => titles.map((t) => <img key={t} src={picture(t)} alt={t} style={{ width: '100%' }} />);

/** Spec 002 §2: 'Main Images' 6 per view; Previous / Next and the arrow keys move it. */
export const CarouselSixPerView: Story = {
  render: () => (
    <Carousel label="Main Images" perView={6}>
      {slides(['Front Main', 'Front Left Side', 'Front Right Side', 'Rear Right Side', 'Rear Main', 'Hood Open', 'Boot Open', 'Right Side', 'Left Side', 'Rear Left Side'])}
    </Carousel>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const previous = canvas.getByRole('button', { name: 'Previous Main Images' });
    const next = canvas.getByRole('button', { name: 'Next Main Images' });
    await expect(previous).toBeDisabled();
    await userEvent.click(next);
    await expect(previous).toBeEnabled();
  },
};

export const CarouselOnePerView: Story = {
  render: () => (
    <div style={{ maxWidth: 420 }}>
      <Carousel label="Car images" perView={1}>
        {slides(['Front Main', 'Roof', 'Left Apron'])}
      </Carousel>
    </div>
  ),
};

const viewer = (url: string) => (
  <MemoryRouter initialEntries={[url]}>
    <Routes>
      <Route path="/view-image/:index" element={<ImageViewerScreen />} />
    </Routes>
  </MemoryRouter>
);

/** /view-image/{index}?url=: an image full size with zoom (spec 000 §2, viewer defaults §9). */
export const ImageViewer: Story = {
  render: () => viewer(`/view-image/2?url=${encodeURIComponent(picture('RC3', '#7a3d3d'))}`),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const image = canvas.getByRole('img', { name: 'Image 3' });
    await userEvent.click(canvas.getByRole('button', { name: 'Zoom in' }));
    await expect(image.style.transform).toBe('scale(1.25)');
    await userEvent.click(canvas.getByRole('button', { name: 'Reset' }));
    await expect(image.style.transform).toBe('scale(1)');
  },
};

export const ImageViewerWithoutUrl: Story = { render: () => viewer('/view-image/0') };

function Unloadable(): never {
  throw new ScreenLoadError(new TypeError('Failed to fetch dynamically imported module'));
}

/** A screen whose code could not be fetched (offline, or a release replaced the page's chunks): under the header, never a blank page. */
export const ScreenNotLoaded: Story = {
  render: () => (
    <MemoryRouter initialEntries={['/inspection']}>
      <ScreenBoundary>
        <Unloadable />
      </ScreenBoundary>
    </MemoryRouter>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(SCREEN_NOT_LOADED)).toBeVisible();
    await expect(canvas.getByRole('button', { name: RELOAD })).toBeVisible();
  },
};

/**
 * The draft bar's notices (issue 16): a restored draft, one of another version offered, and the dialog of a review
 * another tab of the reviewer opened since (that tab keeps its draft now; Continue in this tab reloads).
 */
export const DraftNotices: Story = {
  render: () => {
    reloadPage.now = () => undefined;
    return (
      <>
        <DraftBar notice="restored" onRestore={() => undefined} onDiscard={() => undefined} />
        <DraftBar notice="offered" onRestore={() => undefined} onDiscard={() => undefined} record="refurbishment" />
        <DraftBar notice="elsewhere" onRestore={() => undefined} onDiscard={() => undefined} />
      </>
    );
  },
  play: async () => {
    const page = within(document.body);
    await expect(page.getByText(/Draft restored/)).toBeInTheDocument();
    await expect(page.getByText(/A draft saved on an older version of this refurbishment/)).toBeInTheDocument();
    const dialog = await page.findByRole('alertdialog', { name: 'This inspection is open in another tab' });
    await expect(within(dialog).getByRole('button', { name: 'Continue in this tab' })).toHaveFocus();
  },
};
