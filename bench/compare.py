"""The same supply question asked of scipy's csgraph and of networkx, for bench/run.

The question: from a side's sources, which spaces trace supply, through the side's friendly
spaces by land (``land``, ``crossing`` and ``box_land`` connections) and, where the side has a
fleet at sea, over the open sea zones (the rule of :mod:`mapref.rules.supply`).  Each library gets
the map once in its own form (not timed, as mapref's graph index is built once per map version)
and the position in its own form (a numpy mask; a set of nodes), and is timed on the search.

- scipy: the connections supply may follow, worked out for every connection at once with numpy,
  as a sparse matrix with one extra space joined to the sources, searched with
  ``scipy.sparse.csgraph.breadth_first_order``: without predecessors for the spaces reached (what
  mapref's trace from scratch works out: the supplied set), with them for every route (what
  mapref's :func:`mapref.rules.supply.search` works out);
- networkx: a breadth-first search of the friendly subgraph from the sources (land only).
"""

from __future__ import annotations

from mapref.rules import supply


class ScipySupply:
    def __init__(self, ix) -> None:
        import numpy as np
        from scipy import sparse
        from scipy.sparse import csgraph

        self.np, self.sparse, self.csgraph = np, sparse, csgraph
        self.ix = ix
        out = ix.out_conns()
        ptr = np.zeros(ix.n + 1, dtype=np.int32)
        ptr[1:] = np.cumsum([len(x) for x in out])
        self.nxt = np.array([n for row in out for n, _ in row], dtype=np.int32)
        self.conn = np.array([c for row in out for _, c in row], dtype=np.int32)
        self.kind = np.array(ix.ck, dtype=np.int16)[self.conn]
        self.row = np.repeat(np.arange(ix.n, dtype=np.int32), np.diff(ptr))
        self.land = np.isin(self.kind, list(ix.codes(supply.LAND_TRACE)))
        self.seat = np.isin(self.kind, list(ix.codes(supply.SEA_TRACE)))
        self.arrow = self.kind == ix.kcode.get("sea_arrow", -1)
        self.seak = self.kind == ix.kcode.get("sea", -1)

    def masks(self, inp: supply.Inputs) -> dict:
        """The position in numpy's form (not timed)."""
        np = self.np

        def as_bool(b):
            return np.frombuffer(bytes(b), dtype=np.uint8).astype(bool)

        return {
            "fr": as_bool(inp.friendly),
            "wo": as_bool(inp.water_open()),
            "zo": as_bool(inp.zone_open()),
            "arrow_open": np.array([s in inp.open_seas for s in self.ix.csea], dtype=bool)[self.conn],
            "sources": np.array(inp.sources, dtype=np.int32),
            "seas": bool(inp.open_seas),
        }

    def search(self, m: dict, routes: bool = True):
        """(predecessors, order): the same breadth-first search as mapref's (sources first); with
        ``routes`` False (None, order): the spaces reached, without their predecessors."""
        np, n = self.np, self.ix.n
        fr, row, nxt = m["fr"], self.row, self.nxt
        frs, frn = fr[row], fr[nxt]
        ok = self.land & frs & frn
        if m["seas"]:
            won, zo = m["wo"][nxt], m["zo"]
            sea_ok = np.where(
                self.arrow,
                m["arrow_open"] & np.where(frs, won, frn),
                np.where(~frs, frn | won, np.where(frn, self.seak & (zo[row] | zo[nxt]), won)),
            )
            ok |= self.seat & sea_ok
        keep = np.flatnonzero(ok)
        srcs = m["sources"]
        indptr = np.zeros(n + 2, dtype=np.int32)
        np.cumsum(np.bincount(row[keep], minlength=n), out=indptr[1 : n + 1])
        indptr[n + 1] = indptr[n] + len(srcs)
        indices = np.concatenate([nxt[keep], srcs])
        g = self.sparse.csr_matrix((np.ones(len(indices)), indices, indptr), shape=(n + 1, n + 1))
        if not routes:
            return None, self.csgraph.breadth_first_order(g, n, directed=True, return_predecessors=False)[1:]
        order, pred = self.csgraph.breadth_first_order(g, n, directed=True, return_predecessors=True)
        return pred[:n], order[1:]


class NetworkxSupply:
    def __init__(self, ix) -> None:
        import networkx as nx

        self.nx = nx
        self.ix = ix
        g = nx.Graph()
        g.add_nodes_from(range(ix.n))
        land = ix.out_lists(supply.LAND_TRACE)
        g.add_edges_from((i, j) for i in range(ix.n) for j in land[i])
        self.g = g

    def masks(self, inp: supply.Inputs) -> dict:
        return {
            "friendly": {i for i in range(self.ix.n) if inp.friendly[i]},
            "sources": list(inp.sources),
            "seas": bool(inp.open_seas),
        }

    def search(self, m: dict) -> set[int]:
        """The spaces reached (land only: a position with open seas is not asked of networkx)."""
        if m["seas"]:
            raise ValueError("networkx is asked the land question only")
        h = self.g.subgraph(m["friendly"])
        reached: set[int] = set()
        for s in m["sources"]:
            if s not in reached:
                reached.add(s)
                reached.update(v for _, v in self.nx.bfs_edges(h, s))
        return reached
