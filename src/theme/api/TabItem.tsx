import type { ReactNode } from 'react';

export interface TabItemProps {
  value: string;
  label?: string;
  default?: boolean;
  className?: string;
  children?: ReactNode;
}

/** Docusaurus's @theme/TabItem: one panel of <Tabs>, which reads its props and draws it. */
export default function TabItem({ children, className }: TabItemProps) {
  return <div className={className}>{children}</div>;
}
