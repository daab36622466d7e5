import {
  BlinkContainer,
  BlinkInstance,
  BlockchainIds,
  setProxyUrl,
  unfurlUrlToBlinkApiUrl,
  type AbstractActionComponent,
  type BaseBlinkLayoutProps,
  type BlinkAdapter,
} from '@dialectlabs/blinks-core';
import { createElement as h, useEffect, useState, type FormEvent } from 'react';
import { createRoot } from 'react-dom/client';

/**
 * A blink client as X's or a chat's: Dialect's blinks-core reads a shared link (the site's
 * actions.json maps it to the Action), checks the Action's version and chain, posts for the
 * transaction and, once signed and confirmed, follows links.next. The wallet is the test's: functions
 * the test exposes, which sign in Node with the holder's key and send to the test chain.
 */
declare global {
  interface Window {
    blinkConnect(): Promise<string>;
    blinkSignAndSend(transaction: string): Promise<string>;
    blinkConfirm(signature: string): Promise<void>;
  }
}

// The Action is on this machine: no Dialect proxy in between (blinks-core skips it for 127.0.0.1 anyway).
setProxyUrl('');

const adapter: BlinkAdapter = {
  metadata: { supportedBlockchainIds: [BlockchainIds.SOLANA_MAINNET, BlockchainIds.SOLANA_DEVNET] },
  connect: () => window.blinkConnect(),
  async signTransaction(transaction) {
    try {
      return { signature: await window.blinkSignAndSend(transaction) };
    } catch (error) {
      return { error: error instanceof Error ? error.message : String(error) };
    }
  },
  confirmTransaction: (signature) => window.blinkConfirm(signature),
  signMessage: async () => ({ error: 'This client signs transactions only' }),
};

function ActionForm({
  component,
  run,
  busy,
}: {
  component: AbstractActionComponent;
  run: BaseBlinkLayoutProps['executeFn'];
  busy: boolean;
}) {
  const [values, setValues] = useState<Record<string, string>>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(component, values);
  };
  return h(
    'form',
    { onSubmit: submit },
    ...component.parameters.map((parameter) =>
      h(
        'label',
        { key: parameter.name },
        parameter.label ?? parameter.name,
        h('input', {
          name: parameter.name,
          type: parameter.type === 'number' ? 'number' : 'text',
          min: 'min' in parameter ? parameter.min : undefined,
          required: parameter.required,
          value: values[parameter.name] ?? '',
          onChange: (event: { target: { value: string } }) => setValues({ ...values, [parameter.name]: event.target.value }),
        }),
      ),
    ),
    // A completed Action's button only names the end state.
    h('button', { type: 'submit', disabled: busy || component.parent.disabled || component.parent.type === 'completed' }, component.label),
  );
}

function Layout({ blink, executeFn, executionStatus, caption, supportability }: BaseBlinkLayoutProps) {
  const busy = executionStatus !== 'idle';
  return h(
    'article',
    { 'aria-label': 'Blink', 'data-status': executionStatus, 'data-type': blink.type },
    h('img', { src: blink.icon, alt: '', width: 256, height: 256 }),
    h('h1', null, blink.title),
    h('p', null, blink.description),
    !supportability.isSupported && h('p', { role: 'alert' }, supportability.message),
    caption && h('p', { role: caption.type === 'error' ? 'alert' : 'status', 'data-caption': caption.type }, caption.text),
    ...blink.actions.map((component) => h(ActionForm, { key: component.href, component, run: executeFn, busy })),
  );
}

function BlinkClient({ link }: { link: string }) {
  const [blink, setBlink] = useState<BlinkInstance | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    unfurlUrlToBlinkApiUrl(link)
      .then((apiUrl) => {
        if (!apiUrl) throw new Error(`${link} is not a blink`);
        return BlinkInstance.fetch(apiUrl);
      })
      .then(setBlink, (error: Error) => setFailure(error.message));
  }, [link]);
  if (failure) return h('p', { role: 'alert' }, failure);
  if (!blink) return h('p', null, 'Loading…');
  return h(BlinkContainer, { blink, adapter, websiteUrl: link, securityLevel: 'all', Layout });
}

const link = new URLSearchParams(location.search).get('link') ?? '';
createRoot(document.getElementById('root')!).render(h(BlinkClient, { link }));
