"""Network play (docs/design.md §5, docs/network.md): a host that alone holds each table's state, and
clients that each get only their own seat's view.

- protocol.py: the messages, their strict schema and limits, join codes;
- table.py: one hosted table (state, record, seats and tokens, bots, autosave);
- host.py: the WebSocket server carrying the messages;
- client.py: `NetworkSession`, the table session of a seat played over the network;
- hosting.py: the app's "Host a table" (the host in a thread, the person hosting at a seat);
- discovery.py: finding tables on the local network (mDNS);
- bench.py: bot clients and `python -m game netbench`;
- cli.py: `python -m game host` and `python -m game netbench`.
"""
