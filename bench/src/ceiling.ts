/**
 * The ceiling: a bare Express 5 app with one route answering a small JSON object, in its own
 * process like the real server. What this stack can answer on this machine with no middleware,
 * no database and no work; every endpoint's figure is read against it.
 */
import express from 'express';

const app = express();
app.disable('x-powered-by');
app.get('/ceiling', (_req, res) => {
  res.json({ status: 'ok', totalStaked: '1250000', totalStakers: 112 });
});
const server = app.listen(0, '127.0.0.1', () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  process.send?.({ url: `http://127.0.0.1:${port}` });
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
