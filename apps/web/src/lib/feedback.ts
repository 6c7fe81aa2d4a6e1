import type { MessageInstance } from 'antd/es/message/interface';

/**
 * The toast API of the mounted antd `<App>`, for code outside components (the HTTP layer).
 * `FeedbackBridge` sets it; before that, toasts are dropped.
 */
let current: MessageInstance | null = null;

export const setMessageApi = (api: MessageInstance | null): void => {
  current = api;
};

export const toast = {
  error: (text: string) => void current?.error(text),
  success: (text: string) => void current?.success(text),
  warning: (text: string) => void current?.warning(text),
  info: (text: string, seconds?: number) => void current?.info(text, seconds),
};
