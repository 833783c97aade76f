"""The spec's exceptions (docs/spec/errors.md, err.types and err.fields)."""


class SpecError(Exception):
    """One of err.types, with exactly the err.fields its clause sets."""

    def __init__(self, type_name, **fields):
        super().__init__("%s %s" % (type_name, fields))
        self.type_name = type_name
        self.fields = fields


def out_of_range(**fields):
    return SpecError("ArgumentOutOfRangeException", **fields)


def argument(**fields):
    return SpecError("ArgumentException", **fields)
