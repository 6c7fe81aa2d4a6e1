import { Typography } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Widget, type WidgetState } from './Widget';

interface Props {
  title: string;
  state: WidgetState;
  onRetry: () => void;
  /** The figure, written as it is shown (¥81.23万, 1,234). */
  value: ReactNode;
  sub?: ReactNode;
  /** Where a click leads; none without the page's menu. */
  to?: string | null;
  testId: string;
}

/** A card of row 2: one large figure and a sub-line, leading to its page. */
export function FigureCard({ title, state, onRetry, value, sub, to, testId }: Props) {
  const navigate = useNavigate();
  const open = to ? () => void navigate(to) : undefined;
  return (
    <Widget title={title} state={state === 'empty' ? 'ready' : state} onRetry={onRetry} height={72} testId={testId}>
      <div
        className={open ? 'dashboard-figure dashboard-link' : 'dashboard-figure'}
        role={open ? 'link' : undefined}
        tabIndex={open ? 0 : undefined}
        onClick={open}
        onKeyDown={open ? (e) => { if (e.key === 'Enter') open(); } : undefined}
      >
        <div className="dashboard-figure-value">{value}</div>
        <Typography.Text type="secondary" className="dashboard-figure-sub">{sub ?? '\u00a0'}</Typography.Text>
      </div>
    </Widget>
  );
}
