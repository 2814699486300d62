// Preloaded with `node --require` by the MCP tests: makes a server that listens on a bare port (every
// interface) listen on 127.0.0.1 only, so the tests never open a port beyond this machine.
'use strict';
const net = require('net');
const listen = net.Server.prototype.listen;
net.Server.prototype.listen = function (...args) {
    if (typeof args[0] === 'number' || (typeof args[0] === 'string' && /^\d+$/.test(args[0]))) {
        const rest = args.slice(1).filter((a) => typeof a === 'function');
        return listen.call(this, Number(args[0]), '127.0.0.1', ...rest);
    }
    return listen.apply(this, args);
};
