// Whether the client had closed its connection when the mock wrote an answer on it, as the kernel
// knows at once: a client whose own timeout fired closes it, and the mock, held by a busy machine,
// reads that close only after it has answered. The answer then never reached the client, and the
// next request is no retry of what it said. Read from Linux's /proc/net/tcp: the mock's side of a
// connection the client closed is in CLOSE_WAIT, or gone where the client reset it. Elsewhere,
// and where the table cannot be read, only what the mock itself has read tells.
import { readFileSync } from 'node:fs';
import type { Socket } from 'node:net';

/** The kernel's connection states (include/net/tcp_states.h) that mean the peer has closed. */
const PEER_CLOSED_STATES = new Set(['08' /* CLOSE_WAIT */, '09' /* LAST_ACK */, '07' /* CLOSE */]);
const LISTEN = '0A';

/** A connection's two ports, read while it is open (a destroyed socket forgets them). */
export type ConnectionPorts = { local: number; remote: number };

export const portsOf = (socket: Socket): ConnectionPorts | undefined =>
  socket.localPort !== undefined && socket.remotePort !== undefined
    ? { local: socket.localPort, remote: socket.remotePort }
    : undefined;

const portOf = (address: string | undefined) => Number.parseInt(address?.split(':')[1] ?? '', 16);

function tableRows(): string[][] {
  const rows: string[][] = [];
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text = '';
    try {
      text = readFileSync(table, 'latin1');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      if (fields.length > 3) rows.push(fields);
    }
  }
  return rows;
}

/** Whether the client has closed (or reset) the connection, as the mock has read or the kernel knows. */
export function peerLeft(socket: Socket, ports: ConnectionPorts | undefined): boolean | undefined {
  if (socket.destroyed || socket.readableEnded) return true;
  return ports ? closedByPeer(ports) : undefined;
}

/**
 * Whether the kernel's table shows the connection closed (or reset) by the client: undefined where
 * it cannot tell (not Linux, unreadable, or the mock's listening port not in it).
 */
export function closedByPeer(ports: ConnectionPorts): boolean | undefined {
  if (process.platform !== 'linux') return undefined;
  let listening = false;
  for (const [, local, remote, state] of tableRows()) {
    if (portOf(local) !== ports.local) continue;
    if (state === LISTEN) listening = true;
    else if (portOf(remote) === ports.remote) return PEER_CLOSED_STATES.has(state ?? '');
  }
  // Listed while listening, the connection is gone from the table: the client reset it.
  return listening ? true : undefined;
}
