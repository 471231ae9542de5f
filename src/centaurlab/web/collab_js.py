"""The workspace page's script, served by the collab routes (no build step): sends a chat message
without leaving the page, polls the session's events so the agent's tool calls and file changes
show as they happen, reloads when the turn ends; reports time on task every 30 s while visible;
counts the task's time down and, at zero, ends the task: the forms are disabled and the page
reloads, which finds the server has closed the task and moved the participant on (the server's
clock decides; the count runs on the page's own clock from the time left when it was served)."""

WORKSPACE_JS = r"""
(() => {
  const root = document.querySelector('.collab-workspace');
  if (!root) return;
  const token = root.dataset.token, index = root.dataset.index;
  const chat = document.querySelector('.chat');
  const log = document.getElementById('chat-log');
  const form = document.getElementById('chat-form');
  const status = document.getElementById('chat-status');
  let last = chat ? Number(chat.dataset.last || 0) : 0;
  let polling = null;
  let busy = false;
  const seen = new Set();
  const render = (ev) => {
    const div = document.createElement('div');
    const p = ev.payload || {};
    if (ev.kind === 'agent_step') {
      div.className = 'msg msg-agent';
      const calls = (p.actions || []).map((a, i) => {
        const r = (p.results || [])[i] || {};
        const changed = (r.changed || []).join(', ');
        return a.tool + (changed ? ' → changed ' + changed : '');
      });
      div.textContent = 'Agent: ' + (calls.length ? calls.join('; ') : (p.parse_error || p.answer || ''));
    } else if (ev.kind === 'file_version') {
      div.className = 'msg msg-file';
      div.textContent = p.by + ' wrote ' + p.name;
    } else if (ev.kind === 'prompt') {
      div.className = 'msg msg-user';
      div.textContent = 'You: ' + p.text;
    } else if (ev.kind === 'turn_end') {
      div.className = 'msg msg-end';
      div.textContent = 'agent stopped: ' + p.stop_reason;
    } else return;
    log.appendChild(div);
  };
  const poll = async () => {
    if (busy) return;  // one request at a time, or a slow server would get the same events twice
    busy = true;
    try {
      const res = await fetch(chat.dataset.events + '?after=' + last, {headers: {Accept: 'application/json'}});
      if (!res.ok) return;
      for (const ev of await res.json()) {
        last = Math.max(last, ev.id);
        if (!seen.has(ev.id)) { seen.add(ev.id); render(ev); }
      }
    } finally { busy = false; }
  };
  if (form) form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const body = new URLSearchParams(new FormData(form));
    form.querySelector('button').disabled = true;
    status.textContent = 'the agent is working…';
    polling = setInterval(poll, 400);
    try {
      await fetch(form.action, {method: 'POST', body, headers: {Accept: 'application/json'}});
    } finally {
      clearInterval(polling);
      window.location.reload();
    }
  });
  const countdown = document.getElementById('countdown');
  if (countdown) {
    const ends = performance.now() + Number(countdown.dataset.remainingMs || 0);
    const text = document.getElementById('countdown-text');
    let ended = false;
    const tick = () => {
      const left = Math.max(0, Math.ceil((ends - performance.now()) / 1000));
      text.textContent = Math.floor(left / 60) + ':' + String(left % 60).padStart(2, '0');
      countdown.dataset.low = String(left < 300);
      if (left > 0 || ended) return;
      ended = true;
      countdown.textContent = 'Time is up: this task is over.';
      for (const b of document.querySelectorAll('.collab-workspace button')) b.disabled = true;
      setTimeout(() => window.location.reload(), 1000);  // past the server's deadline too
    };
    tick();
    setInterval(tick, 1000);
  }
  let shown = Date.now();
  const report = () => {
    const ms = Date.now() - shown;
    shown = Date.now();
    if (ms <= 0) return;
    const id = Math.random().toString(36).slice(2) + Date.now();
    fetch('/collab/api/p/' + token + '/events', {method: 'POST', headers: {'Content-Type': 'application/json'},
      body: JSON.stringify({client_id: id, kind: 'time_on_task', index: Number(index), payload: {ms}})});
  };
  setInterval(() => { if (document.visibilityState === 'visible') report(); }, 30000);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') report();
    else shown = Date.now();  // hidden time is not time on task
  });
})();
"""
