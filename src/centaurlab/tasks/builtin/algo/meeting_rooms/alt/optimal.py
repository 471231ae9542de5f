from heapq import heappush, heapreplace
from operator import itemgetter


def rooms_needed(meetings: list[tuple[int, int]]) -> int:
    """Hand out rooms in order of start time, keeping the end times of the rooms in a min-heap.
    If the room that frees up first is free by the time a meeting starts, the meeting takes it
    over; otherwise a new room is opened. Rooms are never given back, so the heap's size is the
    answer."""
    rooms: list[int] = []
    for start, end in sorted(meetings, key=itemgetter(0)):
        if rooms and rooms[0] <= start:
            heapreplace(rooms, end)
        else:
            heappush(rooms, end)
    return len(rooms)
