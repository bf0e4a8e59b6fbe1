// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ImageViewerScreen } from '../../../src/screens/image/ImageViewerScreen.tsx';

function renderAt(url: string) {
  render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/view-image/:index" element={<ImageViewerScreen />} />
      </Routes>
    </MemoryRouter>,
  );
}

afterEach(cleanup);

describe('/view-image/{index}?url= (spec 000 §2)', () => {
  it('shows the image of the encoded url at full size, zooming from scale 1', async () => {
    renderAt(`/view-image/2?url=${encodeURIComponent('https://img.example/a b.jpg?w=1')}`);
    const image = screen.getByRole('img', { name: 'Image 3' });
    expect(image.getAttribute('src')).toBe('https://img.example/a b.jpg?w=1');
    expect(image.style.transform).toBe('scale(1)');
    await userEvent.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(image.style.transform).toBe('scale(1.25)');
    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(image.style.transform).toBe('scale(1)');
  });

  it('an address whose index is no index names no position', () => {
    for (const index of ['abc', '-5', '1e3']) {
      renderAt(`/view-image/${index}?url=${encodeURIComponent('https://img.example/a.jpg')}`);
      expect(screen.getByRole('heading').textContent).toBe('Image');
      cleanup();
    }
  });

  it('says so when the image cannot be loaded, instead of a blank page', () => {
    renderAt(`/view-image/0?url=${encodeURIComponent('https://img.example/gone.jpg')}`);
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.error(screen.getByRole('img', { name: 'Image 1' }));
    expect(screen.getByRole('alert').textContent).toMatch(/^The image could not be loaded/);
  });

  it("without a url shows 'No results found'", () => {
    renderAt('/view-image/0');
    expect(screen.getByText('No results found')).toBeTruthy();
  });
});
