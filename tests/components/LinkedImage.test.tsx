// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { LinkedImage, viewerHref } from '../../src/components/LinkedImage.tsx';

afterEach(cleanup);

describe('LinkedImage: a thumbnail that opens the image viewer (car, bike, refurbishment and GS images)', () => {
  it('links the viewer on the image address, in a new tab', () => {
    const src = 'https://img.example/a b.jpg?w=200';
    render(<LinkedImage src={src} alt="RC1" href={viewerHref(2, src)} label="Zoom RC1" />);
    const link = screen.getByRole('link', { name: 'Zoom RC1' });
    expect(link.getAttribute('href')).toBe('/view-image/2?url=https%3A%2F%2Fimg.example%2Fa+b.jpg%3Fw%3D200');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(new URL(link.getAttribute('href')!, 'http://x').searchParams.get('url')).toBe(src);
    expect(screen.getByRole('img', { name: 'RC1' }).getAttribute('src')).toBe(src);
  });

  it.each([null, undefined, '', '  '])('an image without an address (%j) says "No image" and links nowhere', (src) => {
    render(<LinkedImage src={src} alt="RC1" href={viewerHref(0, src)} />);
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByRole('img', { name: 'RC1: no image' }).textContent).toBe('No image');
  });

  it('an image the browser cannot load says "Image not available" in its place, still linked; a new address tries again', () => {
    const { rerender } = render(<LinkedImage src="/uploads/gone.jpg" alt="Front" href={viewerHref(0, '/uploads/gone.jpg')} />);
    fireEvent.error(screen.getByRole('img', { name: 'Front' }));
    expect(screen.getByRole('img', { name: 'Front: image not available' }).textContent).toBe('Image not available');
    expect(screen.getByRole('link').getAttribute('href')).toBe('/view-image/0?url=%2Fuploads%2Fgone.jpg');
    rerender(<LinkedImage src="/uploads/new.jpg" alt="Front" href={viewerHref(0, '/uploads/new.jpg')} />);
    expect(screen.getByRole('img', { name: 'Front' }).getAttribute('src')).toBe('/uploads/new.jpg');
  });

  it('the viewer address of a missing image is empty, never "null"', () => {
    expect(viewerHref(1, null)).toBe('/view-image/1?url=');
  });
});
