/**
 * The preview's <iframe> at the chosen width: a phone's 375 CSS pixels, or a desktop's 1280 scaled down to
 * the panel (the frame's own width is what its media queries see, so the layout is the desktop one).
 */
import { useEffect, useRef, useState, type RefObject } from 'react';

export type PreviewWidth = 'phone' | 'desktop';

export const FRAME_WIDTHS: Record<PreviewWidth, number> = { phone: 375, desktop: 1280 };
/** The height the frame takes in the panel, in CSS pixels. */
const BOX_HEIGHT = 720;

export function FrameBox({ width, frame, title }: { width: PreviewWidth; frame: RefObject<HTMLIFrameElement | null>; title: string }) {
  const box = useRef<HTMLDivElement>(null);
  const [room, setRoom] = useState<number>(FRAME_WIDTHS.desktop);
  useEffect(() => {
    const el = box.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => entry && setRoom(entry.contentRect.width));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  const frameWidth = FRAME_WIDTHS[width];
  const scale = Math.min(1, room / frameWidth);
  return (
    <div ref={box} style={{ width: '100%', height: BOX_HEIGHT, overflow: 'hidden', display: 'flex', justifyContent: width === 'phone' ? 'center' : 'flex-start' }}>
      <iframe
        ref={frame}
        src="/preview.html"
        title={title}
        data-width={width}
        style={{
          width: frameWidth,
          height: BOX_HEIGHT / scale,
          flex: 'none',
          border: '1px solid var(--mantine-color-gray-4)',
          borderRadius: 4,
          transform: scale < 1 ? `scale(${scale})` : undefined,
          transformOrigin: width === 'phone' ? 'top center' : 'top left',
        }}
      />
    </div>
  );
}
