import { App, Button } from 'antd';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** How long the same code read again is taken as the same showing (the code is still in front of the camera). */
const SAME_CODE_PAUSE_MS = 4000;
/** How often a frame is looked at. */
const LOOK_EVERY_MS = 150;
/** The widest frame decoded: a phone's camera gives more than a QR code needs. */
const FRAME_WIDTH = 800;

/**
 * Reads QR codes with the phone's camera (decisions 268, 275): a button opens the back camera, the
 * frames are decoded in the page with jsqr (loaded on first use, any browser), and each code read is
 * handed to `onRead` — the same code again only after a pause, so a code held up is read once. Stops
 * with its button, when `disabled`, and when the page closes. Used by the check-in desk and the card
 * verification.
 */
export function QrCameraReader({ onRead, label, disabled = false, stopOnRead = false, primary = true, videoClassName }: {
  onRead: (value: string) => void;
  /** The button that opens the camera. */
  label: ReactNode;
  disabled?: boolean;
  /** Close the camera after the first code (a desk that shows one result at a time). */
  stopOnRead?: boolean;
  primary?: boolean;
  videoClassName?: string;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [scanning, setScanning] = useState(false);
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const last = useRef<{ value: string; at: number }>({ value: '', at: 0 });
  const read = useRef(onRead);
  read.current = onRead;

  const stop = () => {
    stream.current?.getTracks().forEach((track) => track.stop());
    stream.current = null;
    setScanning(false);
  };
  useEffect(() => () => stop(), []);
  useEffect(() => {
    if (disabled) stop();
  }, [disabled]);

  const start = async () => {
    if (!navigator.mediaDevices?.getUserMedia) {
      void message.info(t('camera.unsupported'));
      return;
    }
    const [{ default: jsQR }, media] = await Promise.all([
      import('jsqr'),
      navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' } }).catch(() => null),
    ]);
    if (!media) {
      void message.warning(t('camera.noCamera'));
      return;
    }
    stream.current = media;
    setScanning(true);
    const canvas = document.createElement('canvas');
    const context = canvas.getContext('2d', { willReadFrequently: true });
    const look = async () => {
      const element = video.current;
      if (!stream.current || stream.current !== media) return;
      if (element && element.srcObject !== media) {
        element.srcObject = media;
        await element.play().catch(() => undefined);
      }
      if (element && context && element.readyState >= 2 && element.videoWidth > 0) {
        const scale = Math.min(1, FRAME_WIDTH / element.videoWidth);
        canvas.width = Math.round(element.videoWidth * scale);
        canvas.height = Math.round(element.videoHeight * scale);
        context.drawImage(element, 0, 0, canvas.width, canvas.height);
        const found = jsQR(context.getImageData(0, 0, canvas.width, canvas.height).data, canvas.width, canvas.height, { inversionAttempts: 'dontInvert' });
        const value = found?.data.trim();
        const stamp = Date.now();
        if (value && (value !== last.current.value || stamp - last.current.at > SAME_CODE_PAUSE_MS)) {
          last.current = { value, at: stamp };
          if (stopOnRead) stop();
          read.current(value);
          if (stopOnRead) return;
        }
      }
      window.setTimeout(() => void look(), LOOK_EVERY_MS);
    };
    void look();
  };

  return scanning
    ? (
      <>
        <video ref={video} muted playsInline className={videoClassName ?? 'qr-camera-video'} aria-label={t('camera.video')}
          style={{ width: '100%', borderRadius: 8, background: '#000' }} />
        <Button block onClick={stop}>{t('camera.stop')}</Button>
      </>
    )
    : <Button block type={primary ? 'primary' : 'default'} size="large" disabled={disabled} onClick={() => void start()}>{label}</Button>;
}
