// Preloaded with `node --require` by the MCP tests: makes a server that listens on a bare port (every
// interface) listen on 127.0.0.1 only, so the tests never open a port beyond this machine.
//
// Binding to a host is asynchronous, and a caller that reads server.address() right after listen(0) (the
// MCP conformance tool) would find nothing: with TESSERA_LOOPBACK_PORTS=P1,P2,… (free ports the test
// chose) each listen(0) takes the next of them instead, and address() says it at once.
'use strict';
const net = require('net');
const listen = net.Server.prototype.listen;
const chosenPorts = (process.env.TESSERA_LOOPBACK_PORTS || '').split(',').filter((p) => /^\d+$/.test(p)).map(Number);
net.Server.prototype.listen = function (...args) {
    if (typeof args[0] === 'number' || (typeof args[0] === 'string' && /^\d+$/.test(args[0]))) {
        const rest = args.slice(1).filter((a) => typeof a === 'function');
        let port = Number(args[0]);
        if (port === 0 && chosenPorts.length > 0) {
            port = chosenPorts.shift();
            const address = this.address;
            this.address = function () {
                return address.call(this) || { address: '127.0.0.1', family: 'IPv4', port };
            };
        }
        return listen.call(this, port, '127.0.0.1', ...rest);
    }
    return listen.apply(this, args);
};
