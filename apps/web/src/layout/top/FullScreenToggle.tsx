import FullscreenExitOutlined from '@ant-design/icons/FullscreenExitOutlined';
import FullscreenOutlined from '@ant-design/icons/FullscreenOutlined';
import { Button, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Full screen on and off; follows the browser when the user leaves full screen with Esc. */
export function FullScreenToggle() {
  const { t } = useTranslation();
  const [full, setFull] = useState(() => document.fullscreenElement !== null);
  useEffect(() => {
    const onChange = () => setFull(document.fullscreenElement !== null);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);
  const toggle = () => {
    const change = full ? document.exitFullscreen() : document.documentElement.requestFullscreen();
    change.catch(() => undefined); // refused by the browser (no user gesture): nothing to do
  };
  const title = full ? t('shell.top.exitFullscreen') : t('shell.top.fullscreen');
  return (
    <Tooltip title={title}>
      <Button type="text" className="top-icon" aria-label={title} aria-pressed={full} icon={full ? <FullscreenExitOutlined /> : <FullscreenOutlined />} onClick={toggle} />
    </Tooltip>
  );
}
