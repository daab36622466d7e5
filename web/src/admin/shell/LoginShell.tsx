import { Card, Typography } from 'antd';
import type { ReactNode } from 'react';

/** The signed-out screens' frame (sign-in, two-factor set-up): the page's main landmark, its h1, one centred card. */
export function LoginShell({ title, width, children }: { title: string; width: number; children: ReactNode }) {
  return (
    <main className="admin-login">
      <Card
        title={
          <Typography.Title level={1} className="admin-login-title">
            {title}
          </Typography.Title>
        }
        style={{ width: `min(${width}px, 100%)` }}
      >
        {children}
      </Card>
    </main>
  );
}
