// The holder app arrives with the web issue; until then the server's SPA fallback serves this shell.
const root = document.getElementById('root');
if (root) root.textContent = 'Stakedesk';
