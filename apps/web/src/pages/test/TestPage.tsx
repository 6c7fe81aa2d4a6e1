import { Button, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

function Thrower(): never {
  throw new Error('Rendering error raised on the test page');
}

/** The test page: raises interface errors on purpose, so their recording can be checked. */
export default function TestPage() {
  const { t } = useTranslation();
  const [broken, setBroken] = useState(false);
  const raise = () => {
    // Thrown outside React's handlers, like a bug in a timer: only the global handler sees it.
    window.setTimeout(() => {
      throw new Error('Uncaught error raised on the test page');
    }, 0);
  };
  return (
    <div className="page-card">
      <Typography.Title level={4} style={{ marginTop: 0 }}>{t('shell.test.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('shell.test.intro')}</Typography.Paragraph>
      <Space wrap>
        <Button danger onClick={raise}>{t('shell.test.throwError')}</Button>
        <Button danger onClick={() => setBroken(true)}>{t('shell.test.throwRender')}</Button>
      </Space>
      {broken && <Thrower />}
    </div>
  );
}
