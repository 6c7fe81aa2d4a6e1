import type { cameraZh } from './camera-zh';

/** Texts of the camera QR reader shared by the check-in desk and the card verification. */
export const cameraEn: typeof cameraZh = {
  unsupported: 'This browser cannot use the camera; please type the code',
  noCamera: 'The camera did not open: allow this page to use it, or type the code',
  stop: 'Stop scanning',
  video: 'Camera view',
};
