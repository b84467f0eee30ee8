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

function tableRows(table: string): string[][] {
  let text = '';
  try {
    text = readFileSync(table, 'latin1');
  } catch {
    return [];
  }
  return text
    .split('\n')
    .slice(1)
    .map((line) => line.trim().split(/\s+/))
    .filter((fields) => fields.length > 3);
}

/**
 * Reading the kernel's table costs milliseconds on a busy machine: it is read only for an answer
 * this long after the request can have been sent, which a client's timeout can have outrun.
 */
const LATE_ANSWER_MS = 250;

/**
 * Whether the client has closed (or reset) the connection, as the mock has read, or for an answer
 * `lateMs` after the request can have been sent, as the kernel knows.
 */
export function peerLeft(socket: Socket, ports: ConnectionPorts | undefined, lateMs: number): boolean | undefined {
  if (socket.destroyed || socket.readableEnded) return true;
  return ports && lateMs >= LATE_ANSWER_MS ? closedByPeer(ports) : undefined;
}

/** Reads of the kernel's table that must all miss a connection before it is taken as reset. */
const GONE_READS = 3;

/**
 * Whether the kernel's table shows the connection closed (or reset) by the client: undefined where
 * it cannot tell (not Linux, unreadable, or the mock's listening port not in it).
 */
export function closedByPeer(ports: ConnectionPorts): boolean | undefined {
  if (process.platform !== 'linux') return undefined;
  // The table is read in pieces while connections come and go: one can be missed in a read, and
  // with many clients closing at once, in the next. Gone in three reads in a row, it is gone.
  let state = connectionState(ports);
  for (let read = 1; state === 'gone' && read < GONE_READS; read += 1) state = connectionState(ports);
  return state === 'gone' ? true : state;
}

/** Whether the client closed the connection, or it is gone from the table; undefined where the table cannot tell. */
function connectionState(ports: ConnectionPorts): boolean | 'gone' | undefined {
  // IPv4 first, where the mock listens by default; IPv6 only where its port is not there.
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let listening = false;
    for (const [, local, remote, state] of tableRows(table)) {
      if (portOf(local) !== ports.local) continue;
      if (state === LISTEN) listening = true;
      else if (portOf(remote) === ports.remote) return PEER_CLOSED_STATES.has(state ?? '');
    }
    // Listed while listening, the connection is gone from the table: the client reset it.
    if (listening) return 'gone';
  }
  return undefined;
}
