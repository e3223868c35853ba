"""Just enough STL for the stand's checks: triangles, closedness, bounding box, volume.

A few lines of `struct` instead of numpy-stl or trimesh: the checks need only
these four facts, and the suite should not gain a mesh library for them.
"""

import struct
from collections import Counter
from pathlib import Path

Vertex = tuple[float, float, float]
Triangle = tuple[Vertex, Vertex, Vertex]


def read_triangles(path: Path) -> list[Triangle]:
    """Triangles of a binary or ASCII STL file."""
    data = path.read_bytes()
    if len(data) >= 84:
        count = struct.unpack_from("<I", data, 80)[0]
        if len(data) == 84 + 50 * count:
            return [_binary_triangle(data, 84 + 50 * i) for i in range(count)]
    return _ascii_triangles(data.decode("ascii"))


def _binary_triangle(data: bytes, offset: int) -> Triangle:
    values = struct.unpack_from("<9f", data, offset + 12)
    return (values[0:3], values[3:6], values[6:9])  # type: ignore[return-value]


def _ascii_triangles(text: str) -> list[Triangle]:
    vertices = [tuple(float(v) for v in line.split()[1:4])
                for line in text.splitlines() if line.strip().startswith("vertex")]
    return [tuple(vertices[i:i + 3]) for i in range(0, len(vertices), 3)]  # type: ignore[misc]


def edge_uses(triangles: list[Triangle]) -> Counter[tuple[Vertex, Vertex]]:
    """How many triangles share each undirected edge."""
    uses: Counter[tuple[Vertex, Vertex]] = Counter()
    for triangle in triangles:
        for a, b in ((0, 1), (1, 2), (2, 0)):
            edge = tuple(sorted((triangle[a], triangle[b])))
            uses[edge] += 1  # type: ignore[index]
    return uses


def bounding_box(triangles: list[Triangle]) -> tuple[float, float, float]:
    """Size of the axis-aligned bounding box along x, y and z."""
    points = [vertex for triangle in triangles for vertex in triangle]
    return tuple(max(p[i] for p in points) - min(p[i] for p in points)  # type: ignore[return-value]
                 for i in range(3))


def volume(triangles: list[Triangle]) -> float:
    """Enclosed volume (divergence theorem; positive for outward-facing triangles)."""
    total = 0.0
    for (ax, ay, az), (bx, by, bz), (cx, cy, cz) in triangles:
        total += ax * (by * cz - bz * cy) - ay * (bx * cz - bz * cx) + az * (bx * cy - by * cx)
    return total / 6.0
