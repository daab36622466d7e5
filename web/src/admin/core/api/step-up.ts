import { ApiError } from '../../../lib/api-client.js';

/** What a step-up adds to the body of a change that redirects money or power: a code, or a passkey's answer in its place. */
export type StepUpProof = { currentPassword: string; code?: string; passkeyResponse?: unknown };

/** One value the change replaces, as the admin confirming it reads it: what it was and what it becomes. */
export type StepUpChange = { label: string; from: string; to: string };

/**
 * Asks the admin for a proof and runs `attempt` with it: resolves with the attempt's answer, or
 * rejects with StepUpCancelled when the admin gives up (or with whatever else the attempt met).
 * `changes`, when the caller knows them, are shown with the question.
 */
export type StepUpAsk = <T>(attempt: (proof: StepUpProof) => Promise<T>, changes?: StepUpChange[]) => Promise<T>;

/** The admin closed the step-up dialog: nothing was changed and nothing needs saying. */
export class StepUpCancelled extends Error {
  override name = 'StepUpCancelled';
  constructor() {
    super('The change was not confirmed');
  }
}

export function isStepUpCancelled(error: unknown): error is StepUpCancelled {
  return error instanceof StepUpCancelled;
}

/** 403 `{stepUpRequired: true}`: the change needs (again) the current password and a code or passkey. */
export function isStepUpRefusal(error: unknown): error is ApiError {
  return (
    error instanceof ApiError && error.status === 403 && (error.body as { stepUpRequired?: unknown } | undefined)?.stepUpRequired === true
  );
}

function withProof(body: unknown, proof: StepUpProof): Record<string, unknown> {
  const base = typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {};
  return {
    ...base,
    currentPassword: proof.currentPassword,
    ...(proof.code ? { code: proof.code } : {}),
    ...(proof.passkeyResponse ? { passkeyResponse: proof.passkeyResponse } : {}),
  };
}

/**
 * Sends `body`; when the server asks for a step-up, asks the admin and sends the same body again
 * with the proof added, as often as the admin tries.
 */
export async function sendWithStepUp<T>(
  send: (body: unknown) => Promise<T>,
  body: unknown,
  ask: StepUpAsk,
  changes?: StepUpChange[],
): Promise<T> {
  try {
    return await send(body);
  } catch (error) {
    if (!isStepUpRefusal(error)) throw error;
  }
  return ask((proof) => send(withProof(body, proof)), changes);
}

/**
 * One step-up question as the dialog sees it. `attempt` throws only a step-up refusal (a wrong
 * password or code: the dialog stays open and says so); any other outcome ends the question, and
 * the request that asked gets it.
 */
export type StepUpQuestion = {
  changes: StepUpChange[];
  attempt(proof: StepUpProof): Promise<void>;
  cancel(): void;
};

/** Connects the API client (which asks) to the dialog (which answers), wherever each is mounted. */
export function createStepUpBroker() {
  let listener: ((question: StepUpQuestion | null) => void) | null = null;
  let open: StepUpQuestion | null = null;

  const ask: StepUpAsk = <T>(attempt: (proof: StepUpProof) => Promise<T>, changes: StepUpChange[] = []) =>
    new Promise<T>((resolve, reject) => {
      if (!listener) {
        reject(new StepUpCancelled());
        return;
      }
      // One question at a time: a newer one replaces (and cancels) an unanswered older one.
      open?.cancel();
      let settled = false;
      const finish = () => {
        settled = true;
        if (open === question) open = null;
        listener?.(open);
      };
      const question: StepUpQuestion = {
        changes,
        async attempt(proof) {
          if (settled) return;
          try {
            const answer = await attempt(proof);
            finish();
            resolve(answer);
          } catch (error) {
            if (isStepUpRefusal(error)) throw error;
            finish();
            reject(error);
          }
        },
        cancel() {
          if (settled) return;
          finish();
          reject(new StepUpCancelled());
        },
      };
      open = question;
      listener(question);
    });

  /** The dialog's subscription: called with the open question, or null when none is. */
  function listen(next: (question: StepUpQuestion | null) => void): () => void {
    listener = next;
    return () => {
      if (listener !== next) return;
      listener = null;
      open?.cancel();
    };
  }

  return { ask, listen };
}

export type StepUpBroker = ReturnType<typeof createStepUpBroker>;
