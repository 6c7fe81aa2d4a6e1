import { writeFileSync } from 'node:fs';
import { chromium, type Browser } from '@playwright/test';
import QRCode from 'qrcode';
import { chromiumPath } from './product';

/**
 * A video file Chromium's fake camera plays in a loop: one frame (Y4M, 4:2:0) of the QR code of
 * `text`, black modules on white, centred with a quiet zone. Debian's chromium reads .y4m and .mjpeg.
 */
export function qrVideo(text: string, file: string): string {
  const width = 640;
  const height = 480;
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const size = qr.modules.size;
  const cell = Math.floor(400 / (size + 8));
  const left = Math.floor((width - cell * size) / 2);
  const top = Math.floor((height - cell * size) / 2);
  const luma = Buffer.alloc(width * height, 235);
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) {
      if (!qr.modules.get(y, x)) continue;
      for (let dy = 0; dy < cell; dy += 1) luma.fill(16, (top + y * cell + dy) * width + left + x * cell, (top + y * cell + dy) * width + left + (x + 1) * cell);
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  writeFileSync(file, Buffer.concat([Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`), frame, frame]));
  return file;
}

/** A Chromium whose camera (allowed without asking) sees the video `video` (see `qrVideo`). */
export function cameraBrowser(video: string): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    args: ['--no-sandbox', '--disable-gpu', '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${video}`],
  });
}
