import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** Whether an alumnus has signed in to the alumni portal, as the detail answers it in `portalSignIns`. */
export interface PortalSignIns {
  first: string;
  last: string;
  count: number;
}

/** One line above the consent history: has the alumnus signed in to the portal, how often, when first and last. */
export function PortalSignInLine({ signIns }: { signIns: PortalSignIns | null | undefined }) {
  const { t } = useTranslation();
  if (signIns === undefined) return null;
  return (
    <Typography.Paragraph type={signIns ? undefined : 'secondary'} data-testid="portal-sign-ins">
      {signIns ? t('people.portalSignedIn', { count: signIns.count, first: signIns.first, last: signIns.last }) : t('people.portalNever')}
    </Typography.Paragraph>
  );
}
