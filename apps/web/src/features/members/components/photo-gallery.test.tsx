import type { Photo } from '@linkup/contract';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PhotoGallery } from '@/features/members/components/photo-gallery';

const photo = (id: string, position: number): Photo => ({
  id,
  url: `/media/photos/${id}/large.webp`,
  sizes: { large: `/media/photos/${id}/large.webp`, medium: `/media/photos/${id}/medium.webp`, thumb: `/media/photos/${id}/thumb.webp` },
  width: 1080,
  height: 1350,
  position,
  is_primary: position === 0,
  created_at: '2025-01-01T10:00:00.000Z',
});
const photos = [photo('p1', 0), photo('p2', 1), photo('p3', 2)];
const shown = () => screen.getByRole('img');

describe('PhotoGallery', () => {
  it('shows the first photo, then the next and previous ones with the arrows (wrapping around)', async () => {
    const user = userEvent.setup();
    render(<PhotoGallery photos={photos} name="Thandi" />);
    expect(screen.getByRole('group', { name: 'Photos of Thandi' })).toBeInTheDocument();
    expect(shown()).toHaveAccessibleName('Photo 1 of 3 of Thandi');
    expect(shown()).toHaveAttribute('src', '/media/photos/p1/large.webp');
    await user.click(screen.getByRole('button', { name: 'Next photo' }));
    expect(shown()).toHaveAccessibleName('Photo 2 of 3 of Thandi');
    await user.click(screen.getByRole('button', { name: 'Previous photo' }));
    await user.click(screen.getByRole('button', { name: 'Previous photo' }));
    expect(shown()).toHaveAccessibleName('Photo 3 of 3 of Thandi');
  });

  it('jumps to a photo from its dot, and follows the arrow keys', async () => {
    const user = userEvent.setup();
    render(<PhotoGallery photos={photos} name="Thandi" />);
    await user.click(screen.getByRole('button', { name: 'Show photo 3' }));
    expect(shown()).toHaveAccessibleName('Photo 3 of 3 of Thandi');
    expect(screen.getByRole('button', { name: 'Show photo 3' })).toHaveAttribute('aria-current', 'true');
    screen.getByRole('group').focus();
    await user.keyboard('{ArrowRight}');
    expect(shown()).toHaveAccessibleName('Photo 1 of 3 of Thandi');
    await user.keyboard('{ArrowLeft}');
    expect(shown()).toHaveAccessibleName('Photo 3 of 3 of Thandi');
  });

  it('turns the photo with a swipe, and ignores a small move', () => {
    render(<PhotoGallery photos={photos} name="Thandi" />);
    const gallery = screen.getByRole('group');
    const swipe = (from: number, to: number) => {
      fireEvent.touchStart(gallery, { touches: [{ clientX: from }] });
      fireEvent.touchEnd(gallery, { changedTouches: [{ clientX: to }] });
    };
    swipe(300, 100);
    expect(shown()).toHaveAccessibleName('Photo 2 of 3 of Thandi');
    swipe(100, 120);
    expect(shown()).toHaveAccessibleName('Photo 2 of 3 of Thandi');
    swipe(100, 300);
    expect(shown()).toHaveAccessibleName('Photo 1 of 3 of Thandi');
  });

  it('has no arrows for a single photo, and initials without photos', () => {
    const { unmount } = render(<PhotoGallery photos={[photo('p1', 0)]} name="Thandi Nkosi" />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    unmount();
    render(<PhotoGallery photos={[]} name="Thandi Nkosi" />);
    expect(screen.getByRole('img', { name: 'Thandi Nkosi has no photos yet' })).toHaveTextContent('TN');
  });
});
