/** Texts of the camera QR reader shared by the check-in desk and the card verification. */
export const cameraZh = {
  unsupported: '此浏览器不能使用摄像头，请手动输入',
  noCamera: '摄像头未能打开：请允许本页使用摄像头，或手动输入',
  stop: '停止扫码',
  video: '摄像头画面',
};
